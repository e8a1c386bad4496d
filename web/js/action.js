// action.js — the action being put together (the draft): its arguments' values, the
// choices each may take given the ones before, and the preview of its odds.
//
// A draft is {action, values, measures, preview, error}: the action as GET actions gave
// it, the values of its arguments (null: not chosen yet), the measures taken at the
// table for it ({"picton:pack": "28cm"}: docs/game.md "Measured at the table"), the
// preview's answer or error. Its words are the action's fixed words, then the values;
// what is sent is only those words and measures, so the server checks everything again.
import { api } from './api.js';
import { state, render } from './state.js';

// Argument kinds that name one of the seat's own pieces (GET actions, docs/game.md).
export const PIECE_KINDS = ['general', 'officer', 'adc', 'unit', 'unit-or-officer', 'piece'];

export const OPEN_KINDS = ['number', 'length', 'facing', 'text'];

// An action being put together: the action, the values of its arguments (null: not
// chosen yet), the preview's answer. Its words: the action's fixed words, then the values.
export function wordsOf(draft) {
  const fixed = draft.action.words || [draft.action.action];
  return [...fixed, ...draft.values.filter((w) => w !== null && w !== undefined && w !== '')];
}

export function complete(draft) {
  return (draft.action.args || []).every((a, i) => a.optional || (draft.values[i] !== null && draft.values[i] !== undefined && draft.values[i] !== ''));
}

// The choices of argument i given the values before it (choices_by: keyed by the value
// just before, or by the two before joined with a space; a key whose choices are
// another key's gives that key's name instead of the list: docs/game.md).
export function choicesOf(draft, i) {
  const a = draft.action.args[i];
  const by = a.choices_by;
  const of = (k) => (typeof by[k] === 'string' ? by[by[k]] : by[k]);
  if (by && i > 0) {
    const one = draft.values[i - 1];
    const two = i > 1 ? `${draft.values[i - 2]} ${one}` : null;
    if (two && of(two)) return of(two);
    if (one && of(one)) return of(one);
    if (one) return [];
  }
  return a.choices || [];
}

export async function startDraft(action, prefill) {
  const d = { action, values: (action.args || []).map(() => null), measures: {}, preview: null, error: '' };
  (action.args || []).forEach((a, i) => {
    const choices = choicesOf(d, i);
    if (prefill && PIECE_KINDS.includes(a.kind) && choices.includes(prefill) && !d.values.includes(prefill))
      d.values[i] = prefill;
    else if (choices.length === 1 && !a.optional && !OPEN_KINDS.includes(a.kind))
      d.values[i] = choices[0];
  });
  state.draft = d;
  state.tab = 'piece';
  await maybePreview();
}

// A value chosen: the values after it that are no longer among their choices are cleared.
export function choose(d, i, v) {
  d.values[i] = v;
  d.measures = {}; // other pieces, other measures
  d.onMap = {};
  for (let k = i + 1; k < d.values.length; k++)
    if (d.values[k] !== null && !OPEN_KINDS.includes(d.action.args[k].kind) && !choicesOf(d, k).includes(d.values[k]))
      d.values[k] = null;
  maybePreview();
}

export async function maybePreview() {
  const d = state.draft;
  if (!d) return render();
  d.preview = null;
  d.error = '';
  if (complete(d) && (d.action.preview || (d.action.preview === undefined && d.action.roll))) {
    render();
    try {
      const res = await api.preview(wordsOf(d), d.measures);
      if (state.draft === d) {
        d.preview = res;
        // the map's value of each measure, kept while the table's replaces it
        d.onMap = d.onMap || {};
        for (const m of (firstRecord(res) || {}).measures || [])
          if (m.source === 'map') d.onMap[m.id] = m;
      }
    } catch (e) {
      if (state.draft === d) d.error = e.message;
    }
    render();
    const shown = document.querySelector('.draft .preview, .draft .err');
    if (shown && state.draft === d) shown.scrollIntoView({ block: 'start' });
    return;
  }
  render();
}

// The game moved while an action was being put together: the action is taken from the
// new list (dropped if it is no longer legal) and its odds asked again.
export function relinkDraft() {
  const d = state.draft;
  if (!d) return;
  const key = (a) => (a.words || [a.action]).join(' ');
  const a = state.actions.find((x) => key(x) === key(d.action));
  if (!a || (a.args || []).length !== d.values.length) {
    state.draft = null;
    return;
  }
  d.action = a;
  if (d.preview || d.error) setTimeout(maybePreview, 0);
}

export function firstRecord(res) {
  if (!res) return null;
  if (res.records && res.records.length) return res.records[0].record || res.records[0];
  if (res.record) return res.record;
  if (res.outcomes) return res;
  return null;
}
