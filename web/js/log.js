// log.js — the Log tab: the game's journal, newest first, filtered by turn; an undone
// action is marked with the action that undid it.
import { el, clear } from './dom.js';
import { t, tw } from './i18n.js';
import { recordView } from './record.js';
import { state, sideName, save, $ } from './state.js';

function entryTurn(e) {
  return e.turn === undefined ? '' : String(e.turn);
}

export function renderLog() {
  const pane = $('pane-log');
  const turns = [...new Set(state.log.map(entryTurn))].filter(Boolean);
  const sel = el('select', { id: 'log-turn', 'aria-label': t('Turn') },
    el('option', { value: '' }, t('All turns')),
    turns.map((n) => el('option', { value: n }, t('Turn {0}', n))));
  sel.value = turns.includes(state.logTurn) ? state.logTurn : '';
  sel.addEventListener('change', () => { state.logTurn = sel.value; renderLog(); save(); });
  const shown = state.log.filter((e) => !state.logTurn || entryTurn(e) === state.logTurn).slice().reverse();
  clear(pane, el('div', { class: 'log-filter' }, el('label', { for: 'log-turn' }, t('Show')), sel),
    shown.length ? el('ol', { class: 'log', reversed: true }, shown.map(logEntry)) : el('p', { class: 'hint' }, t('Nothing yet.')));
}

function logEntry(e) {
  const texts = (e.events || []).filter((x) => x.text).map((x) => x.text);
  const records = (e.records || []).map((r) => r.record || r);
  return el('li', { class: e.undone_by ? 'undone' : null, dataset: { seq: e.seq } },
    el('div', { class: 'head' }, `#${e.seq} · ${t('Turn {0} · {1}', e.turn, e.phase ? tw('phase', e.phase) : '')}${e.side ? ` · ${sideName(e.side)}` : ''}`),
    el('div', { class: 'words' }, (e.action || []).join(' ')),
    e.undone_by ? el('div', { class: 'undone-by' }, t('undone by #{0}', e.undone_by)) : null,
    texts.length ? el('ul', { class: 'events' }, texts.map((x) => el('li', {}, x))) : null,
    records.length ? el('details', {}, el('summary', {}, t('Record')), records.map((r) => recordView(r))) : null);
}
