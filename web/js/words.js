// words.js — the game's ids in the reader's words: pieces by their names, the rules'
// words (formations, orders, states...) through tw(context, id), a card's values.
//
// The message contexts below are the ones docs/i18n.md names; tests/test_web_words.c
// keeps the same tables and checks that every word shown through them is translated.
import { N_, nt, t, tw } from './i18n.js';
import { state, sides, sideName } from './state.js';

// The message context of an argument's choices when they are the rules' words: by
// its kind, or for kind "word" by its name (docs/i18n.md). A chip shows tw(context,
// choice); the value sent stays the id. tests/test_web_words.c keeps the same table.
const CHOICE_CONTEXT = { formation: 'formation', 'order-kind': 'order', 'pip-action': 'pip-action', length: 'move' };

const WORD_CONTEXT = { result: 'melee', state: 'marker', plan: 'plan', 'unit-word': 'gift' };

// The message context of the values of a piece's card (and of the objects it shows as
// "key: value": orders, the referee's view of each side) by field name: the card shows
// tw(context, value) (docs/i18n.md). Pieces' ids show their names, numbers as they are.
// tests/test_web_words.c keeps the same table (value_context).
const PIECE_FIELDS = ['parent', 'superior', 'held_by', 'attached_to', 'target', 'command', 'unit', 'officer', 'adc', 'giver'];

const VALUE_CONTEXT = {
  arm: 'arm', status: 'status', formation: 'formation', role: 'role', state: 'state',
  flags: 'flag', kind: 'order', gdb_skill: 'skill', gt_quality: 'skill', phase: 'phase',
};

// A piece's name, or a side's (an order's target may be a side: "→ Army of Portugal"),
// or the id.
function label(id) {
  return state.names[id] || sideName(id);
}

function isSide(id) {
  return sides().some((x) => x.id === id);
}

// The message context of argument a's choices, or undefined (pieces: their names).
function choiceContext(a) {
  return a.kind === 'word' ? WORD_CONTEXT[a.name] : CHOICE_CONTEXT[a.kind];
}

// What a chip of argument a shows for choice c: a piece's name, or the rules' word.
export function choiceLabel(a, c) {
  const ctx = choiceContext(a);
  return ctx ? tw(ctx, c) : label(c);
}

export function actionLabel(a) {
  return t((a.words || [a.action]).join(' '));
}

export function field(k, v) {
  if ((k === 'order' || k === 'pending') && v && typeof v === 'object') {
    const parts = [v.kind ? tw('order', v.kind) : ''];
    if (v.target) parts.push(`→ ${label(v.target)}`);
    if (v.text) parts.push(t('“{0}”', v.text));
    if (v.effective_turn) parts.push(t('from turn {0}', v.effective_turn));
    return parts.filter(Boolean).join(' ');
  }
  if (k === 'ratings' && v && typeof v === 'object') return ratings(v);
  if (k === 'changing' && v && typeof v === 'object')
    return nt('{0} → {1}: {2} of {3} half-période left', '{0} → {1}: {2} of {3} half-périodes left', v.remaining,
      tw('formation', v.from), tw('formation', v.to), v.remaining, v.total);
  if (k === 'melee' && v && typeof v === 'object') return t('since turn {0}', v.since_turn);
  return value(k, v);
}

// The names of a card's ratings that need one (a skill or quality is its own word).
const RATING_LABEL = { charisma: N_('charisma'), command: N_('command') };

// An officer's ratings by family: "aigles: charisme 4, commandement 4 · gdb: doué".
function ratings(v) {
  const families = new Map();
  for (const [r, x] of Object.entries(v)) {
    if (x === null) continue;
    const m = /^(aigles|gdb|gt)_(.*)$/.exec(r);
    const family = m ? m[1] : '';
    const name = m ? m[2] : r;
    const shown = RATING_LABEL[name] ? `${t(RATING_LABEL[name])} ${value(r, x)}` : value(r, x);
    if (!families.has(family)) families.set(family, []);
    families.get(family).push(shown);
  }
  return [...families].map(([f, xs]) => (f ? t('{0}: {1}', f, xs.join(', ')) : xs.join(', '))).join(' · ');
}

// The value v of field k in words: the rules' word when k's values are ids of the rules
// (VALUE_CONTEXT; each element of a list), else as show() writes it.
function value(k, v) {
  if (PIECE_FIELDS.includes(k) && typeof v === 'string') return label(v);
  const ctx = VALUE_CONTEXT[k];
  if (ctx && typeof v === 'string') return tw(ctx, v);
  if (ctx && Array.isArray(v) && v.every((x) => typeof x === 'string')) return v.map((x) => tw(ctx, x)).join(', ');
  return show(v);
}

export function show(v) {
  if (Array.isArray(v)) return v.map(show).join(', ');
  if (v && typeof v === 'object')
    return Object.entries(v).filter(([, x]) => x !== null && x !== '').map(([k, x]) => `${isSide(k) ? sideName(k) : t(k)}: ${value(k, x)}`).join('; ');
  if (typeof v === 'boolean') return v ? t('yes') : t('no');
  return String(v);
}
