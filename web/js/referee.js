// referee.js — the Referee tab: undo (confirmed first), advance the phase, the table
// events, the end of the game (report.js asks first), and each side's view as the
// referee's game shows it.
import { api, ApiError } from './api.js';
import { el, clear, button } from './dom.js';
import { t } from './i18n.js';
import { startDraft } from './action.js';
import { setResult } from './result.js';
import { state, isReferee, sides, votesNow, $ } from './state.js';
import { refresh, fail, act } from './sync.js';
import { actionLabel, show } from './words.js';
import { endGame } from './report.js';

export function renderReferee() {
  const pane = $('pane-referee');
  if (!isReferee()) return clear(pane);
  // The last action in effect: undo appends a record naming what it cancels (undoes),
  // and the cancelled action is marked undone_by; neither can be undone again here.
  const last = [...state.log].reverse().find((e) => !e.undone_by && !e.undoes && (e.action || [])[0] !== 'undo') || null;
  const events = state.actions.filter((a) => a.action === 'event');
  const next = state.actions.find((a) => a.action === 'next');
  clear(pane,
    el('h3', {}, t('The game')),
    el('div', { class: 'row' },
      button(t('Undo the last action'), () => confirmUndo(last), { class: 'danger', disabled: !last || (last.action || [])[0] === 'start', dataset: { do: 'undo' } }),
      next ? button(t('Advance the phase'), () => act(['next']), { class: 'primary', dataset: { do: 'advance' } }) : null),
    events.length ? [el('h3', {}, t('Table events')),
      el('div', { class: 'row actions' }, events.map((a) =>
        button(actionLabel(a), () => startDraft(a, state.selected), { title: a.help || '', dataset: { action: a.action, words: (a.words || []).join(' ') } })))] : null,
    el('h3', {}, t('The end')),
    state.game && state.game.ended ? el('p', { class: 'hint' }, t('The game has ended: every seat sees the dice seed (the Report tab verifies the dice).'))
      : el('div', { class: 'row' }, button(t('End the game'), () => endGame(), { class: 'danger', dataset: { do: 'end' } })),
    el('h3', {}, t('Each side\'s view')),
    el('div', { class: 'views' }, sides().map((s) => sideView(s))));
}

// One side's view, as the referee's game shows it: what the side may still do, what is
// under way for it, and its officers' orders (face-down ones included: the referee sees
// everything). Side by side on a tablet, one under the other on a phone.
function sideView(s) {
  const g = state.game || {};
  const may = (g.may_do || g.may || {})[s.id] || [];
  const mine = (x) => x.side === s.id;
  const under = (Array.isArray(g.under_way) ? g.under_way : []).filter((x) => typeof x !== 'object' || !x.side || x.side === s.id);
  const officers = (g.officers || []).filter(mine).filter((o) => o.order || o.pending);
  const done = votesNow().done.includes(s.id);
  return el('figure', { dataset: { side: s.id, done: done ? 'yes' : 'no' } },
    el('figcaption', {}, s.name),
    el('p', { class: done ? 'vote done' : 'vote' }, done ? `✓ ${t('Done with this phase')}` : t('Still playing this phase')),
    may.length ? el('ul', { class: 'notes' }, may.map((m) => el('li', {}, m))) : el('p', { class: 'hint' }, t('Nothing left to do this phase.')),
    officers.length ? el('dl', { class: 'orders' }, officers.flatMap((o) => [
      el('dt', {}, o.name || o.id), el('dd', {}, [show(o.order), o.pending ? `${t('pending')}: ${show(o.pending)}` : ''].filter(Boolean).join(' · '))])) : null,
    under.length && s === sides()[0] ? el('ul', { class: 'notes' }, under.map((u) => el('li', {}, show(u)))) : null);
}

function confirmUndo(last) {
  const dlg = $('confirm');
  clear(dlg, el('h2', {}, t('Undo this action?')),
    el('p', { class: 'words' }, `#${last.seq}: ${(last.action || []).join(' ')}`),
    el('div', { class: 'row' },
      button(t('Keep it'), () => dlg.close()),
      button(t('Undo'), async () => {
        dlg.close();
        try {
          await api.undo();
          setResult({ line: t('Undone: #{0} {1}', last.seq, (last.action || []).join(' ')) });
        } catch (e) {
          // Refused or busy (another writer): said, as for an action, never dropped.
          if (e instanceof ApiError && e.status !== 401) setResult({ error: true, line: e.message });
          else fail(e);
        }
        await refresh();
      }, { class: 'danger', dataset: { do: 'undo-confirm' } })));
  dlg.showModal();
}
