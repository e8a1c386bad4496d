// log.js — the Log tab: the game's journal, newest first, filtered by turn; an undone
// action is marked with the action that undid it. Each entry can be stepped through:
// the map as it was after it (GET at.svg?n=N, the seat's own view of that moment: no
// other side's secret) with the entry's records, and the entries before and after it.
import { api, ApiError } from './api.js';
import { el, clear, button } from './dom.js';
import { t, tw } from './i18n.js';
import { recordView } from './record.js';
import { state, sideName, save, $ } from './state.js';
import { fail } from './sync.js';

let step = null;      // {seq, url, error} of the entry being stepped through, or null
let loading = 0;      // the seq whose map is on its way

function entryTurn(e) {
  return e.turn === undefined ? '' : String(e.turn);
}

// The map after entry seq, as an image (a blob URL of the SVG: no markup of it in the page).
async function stepTo(seq) {
  if (step && step.url) URL.revokeObjectURL(step.url);
  step = { seq, url: '', error: '' };
  loading = seq;
  renderLog();
  $('pane-log').scrollTop = 0; // the step-through sits at the top of the log
  try {
    const svg = await api.atSvg(seq);
    if (loading !== seq) return;
    step.url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) return fail(e);
    if (loading === seq) step.error = e.message;
  }
  if (loading === seq) renderLog();
}

function closeStep() {
  if (step && step.url) URL.revokeObjectURL(step.url);
  step = null;
  loading = 0;
  renderLog();
}

function stepView() {
  const seqs = state.log.map((e) => e.seq);
  const i = seqs.indexOf(step.seq);
  const e = state.log[i] || {};
  const records = (e.records || []).map((r) => r.record || r);
  const texts = (e.events || []).filter((x) => x.text).map((x) => x.text);
  return el('section', { class: 'step', dataset: { at: step.seq } },
    el('h3', {}, t('After #{0} · Turn {1} · {2}', step.seq, e.turn, e.phase ? tw('phase', e.phase) : '')),
    el('div', { class: 'words' }, (e.action || []).join(' ')),
    el('div', { class: 'row' },
      button(t('Earlier'), () => stepTo(seqs[i - 1]), { disabled: i <= 0, dataset: { do: 'step-back' } }),
      button(t('Later'), () => stepTo(seqs[i + 1]), { disabled: i < 0 || i >= seqs.length - 1, dataset: { do: 'step-on' } }),
      button(t('Close'), closeStep, { dataset: { do: 'step-close' } })),
    step.error ? el('p', { class: 'error' }, step.error)
      : step.url ? el('img', { class: 'step-map', src: step.url, alt: t('The map after #{0}', step.seq) })
        : el('p', { class: 'hint' }, t('Loading the map…')),
    texts.length ? el('ul', { class: 'events' }, texts.map((x) => el('li', {}, x))) : null,
    records.map((r) => recordView(r)));
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
    step ? stepView() : null,
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
    records.length ? el('details', {}, el('summary', {}, t('Record')), records.map((r) => recordView(r))) : null,
    button(t('The map after this'), () => stepTo(e.seq), { class: 'step-button', dataset: { do: 'step', seq: e.seq } }));
}
