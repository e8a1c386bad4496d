// app.js — the table page: state from the server, rendered; the player's taps, sent.
//
// The server owns the game. The page holds only what it fetched (game, actions, log,
// map) and what the person is doing (the selected piece, the action being put
// together, the open tab, the log's turn filter, the map's view box); the latter is
// kept in sessionStorage so that a reload comes back to the same view. Every change
// announced on GET events (or made here) fetches the game again; the sides' Done (GET
// done, and the events' "done") is kept as the server last said it: an answer asked
// for before the last "done" event was heard is older than that event and is dropped.
import { api, follow, tokens, useToken, currentToken, fragment, ApiError } from './api.js';
import { MapView } from './map.js';
import { el, clear, button } from './dom.js';
import { t, tw, setLanguage, language, languages, onLanguage, translateStatic } from './i18n.js';
import { recordView, rollLine } from './record.js';

const $ = (id) => document.getElementById(id);
const LANG_NAMES = { en: 'English', fr: 'Français', ru: 'Русский' };
// Argument kinds that name one of the seat's own pieces (GET actions, docs/game.md).
const PIECE_KINDS = ['general', 'officer', 'adc', 'unit', 'unit-or-officer', 'piece'];
const OPEN_KINDS = ['number', 'length', 'facing', 'text'];
// The message context of an argument's choices when they are the rules' words: by
// its kind, or for kind "word" by its name (docs/i18n.md). A chip shows tw(context,
// choice); the value sent stays the id. tests/test_web_words.c keeps the same table.
const CHOICE_CONTEXT = { formation: 'formation', 'order-kind': 'order', 'pip-action': 'pip-action' };
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

const state = {
  game: null,
  actions: [],
  names: {},
  log: [],
  logSince: 0,
  selected: '',
  draft: null,          // {action, values, preview, error}
  busy: false,          // an action on its way to the server
  tab: 'piece',
  logTurn: '',
  result: null,         // {line, records, error}
  showRecord: false,
  conn: '',
  seatIndex: 0,
  votes: null,          // GET done: {turn, phase, done: [side], waiting: [side], referee_present}
  votesHeard: 0,        // counts the votes taken from the stream or a vote's answer
};

let map = null;

/* ---- what the game JSON says (the server's shapes, read with care) ---- */

function seat() {
  const g = state.game || {};
  const s = g.seat || g.viewer || {};
  if (typeof s === 'string') return { kind: s === 'referee' ? 'referee' : s ? 'side' : 'public', side: s === 'referee' ? '' : s };
  return { kind: s.kind || (s.referee ? 'referee' : s.side ? 'side' : 'public'), side: s.side || '' };
}

function isReferee() {
  return seat().kind === 'referee';
}

function sides() {
  const g = state.game || {};
  return (g.sides || []).map((s) => (typeof s === 'string' ? { id: s, name: s } : { id: s.id || s.side, name: s.name || s.id }));
}

function sideName(id) {
  const s = sides().find((x) => x.id === id);
  return s ? s.name : id;
}

function pieces() {
  const g = state.game || {};
  return [...(g.officers || []).map((o) => ({ ...o, kind: 'officer' })),
          ...(g.units || []).map((u) => ({ ...u, kind: 'unit' }))];
}

function piece(id) {
  return pieces().find((p) => p.id === id) || null;
}

function mayDo() {
  const g = state.game || {};
  const may = g.may_do || g.may || {};
  if (Array.isArray(may)) return may;
  const s = seat();
  if (s.kind === 'side') return may[s.side] || [];
  return Object.entries(may).flatMap(([side, list]) => (list || []).map((x) => `${sideName(side)}: ${x}`));
}

/* ---- the view kept across reloads ---- */

function save() {
  const v = map && map.view ? map.view : null;
  sessionStorage.setItem(`grognard.view.${state.seatIndex}`, JSON.stringify({
    selected: state.selected, tab: state.tab, logTurn: state.logTurn, view: v,
    draft: state.draft ? { words: (state.draft.action.words || [state.draft.action.action]).join(' '), values: state.draft.values } : null,
  }));
}

function restore() {
  try {
    return JSON.parse(sessionStorage.getItem(`grognard.view.${state.seatIndex}`) || 'null') || {};
  } catch (e) {
    return {};
  }
}

/* ---- fetching ---- */

let refreshing = null;
let again = false;

// Fetches everything the page shows; calls made while one runs fold into one more.
async function refresh() {
  if (refreshing) {
    again = true;
    return refreshing;
  }
  refreshing = (async () => {
    do {
      again = false;
      try {
        const heard = state.votesHeard;
        const [game, actions, svg, votes] = await Promise.all([api.game(), api.actions(), api.map(), api.done()]);
        const moved = !state.game || state.game.actions !== game.actions;
        state.game = game;
        keepVotes(votes, heard);
        state.actions = (actions && actions.actions) || [];
        state.names = (actions && actions.names) || {};
        map.show(svg);
        await refreshLog();
        $('fatal').hidden = true;
        if (moved) relinkDraft();
      } catch (e) {
        fail(e);
      }
    } while (again);
    refreshing = null;
    render();
  })();
  return refreshing;
}

// The game moved while an action was being put together: the action is taken from the
// new list (dropped if it is no longer legal) and its odds asked again.
function relinkDraft() {
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

async function refreshLog() {
  const got = await api.log(0);
  const entries = Array.isArray(got) ? got : (got && (got.actions || got.entries || got.log)) || [];
  state.log = entries;
}

function fail(e) {
  if (!(e instanceof ApiError)) return; // the network: the strip under the bar says so
  if (e.status === 503) {               // busy: another writer; try again shortly
    setTimeout(refresh, 1000);
    return;
  }
  if (e.status === 401) {
    clear($('fatal'), el('h2', {}, t('This link is not valid for this game')),
      el('p', {}, t('Ask the referee for your side\'s link or QR code.')));
    $('fatal').hidden = false;
    return;
  }
  setResult({ error: true, line: e && e.message ? e.message : String(e) });
}

function setResult(r) {
  state.result = r;
  state.showRecord = false;
  renderResult();
}

/* ---- acting ---- */

// An action being put together: the action, the values of its arguments (null: not
// chosen yet), the preview's answer. Its words: the action's fixed words, then the values.
function wordsOf(draft) {
  const fixed = draft.action.words || [draft.action.action];
  return [...fixed, ...draft.values.filter((w) => w !== null && w !== undefined && w !== '')];
}

function complete(draft) {
  return (draft.action.args || []).every((a, i) => a.optional || (draft.values[i] !== null && draft.values[i] !== undefined && draft.values[i] !== ''));
}

// The choices of argument i given the values before it (choices_by: keyed by the value
// just before, or by the two before joined with a space; a key whose choices are
// another key's gives that key's name instead of the list: docs/game.md).
function choicesOf(draft, i) {
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

function label(id) {
  return state.names[id] || id;
}

// The message context of argument a's choices, or undefined (pieces: their names).
function choiceContext(a) {
  return a.kind === 'word' ? WORD_CONTEXT[a.name] : CHOICE_CONTEXT[a.kind];
}

// What a chip of argument a shows for choice c: a piece's name, or the rules' word.
function choiceLabel(a, c) {
  const ctx = choiceContext(a);
  return ctx ? tw(ctx, c) : label(c);
}

function actionLabel(a) {
  return t((a.words || [a.action]).join(' '));
}

async function startDraft(action, prefill) {
  const d = { action, values: (action.args || []).map(() => null), preview: null, error: '' };
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
function choose(d, i, v) {
  d.values[i] = v;
  for (let k = i + 1; k < d.values.length; k++)
    if (d.values[k] !== null && !OPEN_KINDS.includes(d.action.args[k].kind) && !choicesOf(d, k).includes(d.values[k]))
      d.values[k] = null;
  maybePreview();
}

async function maybePreview() {
  const d = state.draft;
  if (!d) return render();
  d.preview = null;
  d.error = '';
  if (complete(d) && (d.action.preview || (d.action.preview === undefined && d.action.roll))) {
    render();
    try {
      const res = await api.preview(wordsOf(d));
      if (state.draft === d) d.preview = res;
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

// Takes an action; one at a time (a second tap while the first is on its way is
// ignored, so a double tap never rolls twice).
async function act(words, roll) {
  if (state.busy) return;
  state.busy = true;
  render();
  try {
    const res = await api.act(words, roll);
    state.draft = null;
    const records = (res && res.records ? res.records : []).map((r) => r.record || r);
    const texts = (res && res.events ? res.events : []).filter((e) => e.text).map((e) => e.text);
    const main = records.find((r) => r.roll !== null && r.roll !== undefined) || records[0];
    const line = [main ? rollLine(main) : '', texts[texts.length - 1] || ''].filter(Boolean).join(' — ');
    setResult({ line: line || t('Done: {0}', words.join(' ')), records, seq: res && res.seq });
  } catch (e) {
    setResult({ error: true, line: e.rule && !e.message.includes(e.rule) ? `${e.rule}: ${e.message}` : e.message });
  }
  state.busy = false;
  save();
  await refresh();
}

/* ---- rendering ---- */

function render() {
  renderBar();
  renderTabs();
  renderPiece();
  renderLog();
  renderReferee();
  renderResult();
  map.mark(state.selected);
  save();
}

/* ---- the sides' Done ---- */

// Takes the votes of an answer asked for when state.votesHeard was `heard`, unless newer
// ones came since (a "done" event: the server sends one after every change, so what it
// says is never older than an answer still on its way, and a later change sends another).
function keepVotes(votes, heard) {
  if (state.votesHeard !== heard) return;
  state.votes = votes;
  state.votesHeard++;
}

// The votes of the phase the page shows (none if the server's are another phase's: the
// game is being fetched again).
function votesNow() {
  const g = state.game || {};
  const v = state.votes;
  if (!v || v.turn !== g.turn || v.phase !== g.phase) return { done: [], waiting: sides().map((x) => x.id), referee: false };
  return { done: v.done || [], waiting: v.waiting || [], referee: !!v.referee_present };
}

function shortName(id) {
  return sideName(id).replace(/ \(.*$/, '');
}

// "A", "A and B", "A, B and C", in words.
function names(ids) {
  const n = ids.map(shortName);
  if (n.length < 2) return n.join('');
  return t('{0} and {1}', n.slice(0, -1).join(', '), n[n.length - 1]);
}

// What the bar says under Done: to a side that pressed it, whom it waits for; to the
// referee (and the spectators), which sides are done.
function waitingLine(s, v) {
  if (s.kind === 'side') {
    if (!v.done.includes(s.side)) return '';
    if (v.waiting.length) return t('Waiting for {0}…', names(v.waiting));
    return v.referee ? t('Waiting for the referee…') : '';
  }
  if (!v.done.length) return '';
  return v.waiting.length ? `${t('Sides done: {0}', names(v.done))} · ${t('Still playing: {0}', names(v.waiting))}`
    : t('Every side is done');
}

// A side's Done: pressed, taken back by pressing again (one request at a time, as for
// an action). The server ends the phase when every side is done and no referee device
// is connected; otherwise the referee does.
async function pressDone() {
  if (state.busy || !state.game) return;
  if (isReferee() || seat().kind !== 'side') return act(['next']);
  const mine = votesNow().done.includes(seat().side);
  state.busy = true;
  render();
  try {
    const heard = state.votesHeard;
    const res = await api.vote(!mine, state.game.turn, state.game.phase);
    keepVotes(res, heard);
  } catch (e) {
    // Refused (the phase ended meanwhile), busy: said, as for an action, never dropped.
    if (e instanceof ApiError && e.status === 401) fail(e);
    else setResult({ error: true, line: e.message });
  }
  state.busy = false;
  await refresh();
}

function renderBar() {
  const g = state.game || {};
  const s = seat();
  const badge = $('seat');
  badge.className = `seat ${s.kind === 'referee' ? 'referee' : `side-${s.side}`}`;
  badge.textContent = s.kind === 'referee' ? t('Referee') : s.kind === 'side' ? sideName(s.side).replace(/ \(.*$/, '') : t('Public');
  badge.title = badge.textContent;
  $('turn').textContent = g.turn ? t('Turn {0} · {1}', g.turn, g.phase ? tw('phase', g.phase) : '') : '';
  const may = mayDo();
  $('may').textContent = may.join(' · ');
  const next = state.actions.find((a) => a.action === 'next');
  const done = $('done');
  done.hidden = !next;
  done.disabled = !!state.busy;
  const v = votesNow();
  if (isReferee() || s.kind !== 'side') {
    done.textContent = t('Advance');
    done.removeAttribute('aria-pressed');
    done.title = '';
  } else {
    const mine = v.done.includes(s.side);
    done.textContent = mine ? `${t('Done')} ✓` : t('Done');
    done.setAttribute('aria-pressed', mine ? 'true' : 'false');
    done.title = mine ? t('Press again to take it back') : '';
  }
  $('waiting').textContent = next ? waitingLine(s, v) : '';
  const conn = $('conn');
  conn.textContent = state.conn === 'lost' ? t('Connection lost: reconnecting…') : '';
  $('pass').hidden = false;
}

function renderTabs() {
  $('tab-referee').hidden = !isReferee();
  if (state.tab === 'referee' && !isReferee()) state.tab = 'piece';
  for (const b of document.querySelectorAll('.tabs button')) {
    const on = b.dataset.tab === state.tab;
    b.setAttribute('aria-selected', on ? 'true' : 'false');
    b.tabIndex = on ? 0 : -1;
    $(`pane-${b.dataset.tab}`).hidden = !on;
  }
}

function actionsFor(id) {
  return state.actions.filter((a) => (a.args || []).some((arg) =>
    (arg.choices || []).includes(id) && PIECE_KINDS.includes(arg.kind)));
}

// The card of a piece: what the view says of it, the fields a player reads first.
function cardFor(p) {
  const skip = new Set(['id', 'name', 'short_name', 'kind', 'side', 'x', 'y', 'width', 'depth', 'facing']);
  const rows = Object.entries(p).filter(([k, v]) => !skip.has(k) && v !== null && v !== '' && v !== false &&
    !(Array.isArray(v) && v.length === 0) && !(k === 'casualties' && v === 0));
  return el('div', { class: 'card', dataset: { piece: p.id } },
    el('h2', {}, p.name || p.id),
    el('p', { class: 'hint' }, `${p.id} · ${sideName(p.side).replace(/ \(.*$/, '')} · ${p.kind === 'unit' ? t('unit') : t('officer')}`),
    el('dl', {}, rows.flatMap(([k, v]) => [el('dt', {}, t(k)), el('dd', {}, field(k, v))])));
}

function field(k, v) {
  if ((k === 'order' || k === 'pending') && v && typeof v === 'object') {
    const parts = [v.kind ? tw('order', v.kind) : ''];
    if (v.target) parts.push(`→ ${label(v.target)}`);
    if (v.text) parts.push(`“${v.text}”`);
    if (v.effective_turn) parts.push(t('from turn {0}', v.effective_turn));
    return parts.filter(Boolean).join(' ');
  }
  if (k === 'ratings' && v && typeof v === 'object')
    return Object.entries(v).filter(([, x]) => x !== null).map(([r, x]) => `${r.replace(/^(aigles|gdb|gt)_/, '$1 ')} ${value(r, x)}`).join(' · ');
  if (k === 'changing' && v && typeof v === 'object')
    return t('{0} to {1}: {2} of {3} half-périodes left', tw('formation', v.from), tw('formation', v.to), v.remaining, v.total);
  if (k === 'melee' && v && typeof v === 'object') return t('since turn {0}', v.since_turn);
  return value(k, v);
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

function show(v) {
  if (Array.isArray(v)) return v.map(show).join(', ');
  if (v && typeof v === 'object')
    return Object.entries(v).filter(([, x]) => x !== null && x !== '').map(([k, x]) => `${t(k)}: ${value(k, x)}`).join('; ');
  if (typeof v === 'boolean') return v ? t('yes') : t('no');
  return String(v);
}

// Action buttons: the tests (with odds) first, then the rest; the table events folded.
function actionButtons(list, prefill) {
  const rank = (a) => (a.roll || a.preview ? 0 : 1);
  const btn = (a) => button(actionLabel(a), () => startDraft(a, prefill),
    { title: a.help || '', class: a.roll || a.preview ? 'primary' : '', dataset: { action: a.action, words: (a.words || [a.action]).join(' ') } });
  const main = list.filter((a) => a.action !== 'event').sort((a, b) => rank(a) - rank(b));
  const events = list.filter((a) => a.action === 'event');
  return [main.length ? el('div', { class: 'row actions' }, main.map(btn)) : null,
    events.length ? el('details', { class: 'events' }, el('summary', {}, t('Table events')),
      el('div', { class: 'row actions' }, events.map(btn))) : null];
}

function renderPiece() {
  const pane = $('pane-piece');
  const out = [];
  const p = piece(state.selected);
  if (state.selected && p) out.push(cardFor(p));
  else if (state.selected && map.element(state.selected)) out.push(el('div', { class: 'card' }, el('h2', {}, state.selected)));
  if (state.draft) out.push(draftView(state.draft));
  const list = state.selected ? actionsFor(state.selected) : [];
  if (state.selected) {
    out.push(el('h3', {}, t('Actions')));
    if (list.length) out.push(...actionButtons(list, state.selected));
    else out.push(el('p', { class: 'hint' }, t('Nothing this piece may do now.')));
    out.push(el('div', { class: 'row' }, button(t('Clear selection'), () => select(''))));
  }
  if (!state.selected) {
    const free = state.actions.filter((a) => a.action !== 'next' && !(isReferee() && a.action === 'event'));
    out.push(el('p', { class: 'hint' }, t('Tap a piece on the map, or choose one here.')));
    if (free.length) {
      out.push(el('h3', {}, t('What you may do')));
      out.push(...actionButtons(free, ''));
    }
    out.push(piecesList());
  }
  clear(pane, out);
}

function piecesList() {
  const s = seat();
  const mine = pieces().filter((p) => s.kind !== 'side' || p.side === s.side);
  const officers = mine.filter((p) => p.kind === 'officer');
  const units = mine.filter((p) => p.kind === 'unit');
  const group = (title, list) => (list.length ? [el('h3', {}, title), el('ul', { class: 'pieces' },
    list.map((p) => el('li', {}, button(`${p.name || p.id}`, () => select(p.id, true), { dataset: { piece: p.id } }))))] : []);
  return el('div', {}, group(t('Officers'), officers), group(t('Units'), units));
}

function draftView(d) {
  const args = d.action.args || [];
  const rows = [el('h3', {}, actionLabel(d.action)),
    d.action.help ? el('p', { class: 'hint' }, d.action.help) : null];
  args.forEach((a, i) => {
    const val = d.values[i];
    rows.push(el('div', { class: 'arg-name' }, `${t(a.name)}${a.optional ? ` (${t('optional')})` : ''}`));
    if (!OPEN_KINDS.includes(a.kind)) {
      rows.push(el('div', { class: 'row', role: 'group', 'aria-label': t(a.name) }, choicesOf(d, i).map((c) =>
        button(choiceLabel(a, c), () => choose(d, i, val === c ? null : c),
          { class: 'chip', 'aria-pressed': val === c ? 'true' : 'false', dataset: { arg: a.name, choice: c } }))));
    } else {
      const input = el('input', { class: 'arg-input', value: val || '', 'aria-label': t(a.name),
        inputmode: a.kind === 'text' ? 'text' : 'decimal', dataset: { arg: a.name } });
      input.addEventListener('input', () => { d.values[i] = input.value.trim() || null; });
      input.addEventListener('change', () => choose(d, i, input.value.trim() || null));
      rows.push(input);
    }
  });
  rows.push(el('p', { class: 'words' }, wordsOf(d).join(' ')));
  if (d.error) rows.push(el('p', { class: 'err', role: 'alert' }, d.error));
  const ready = complete(d);
  const previews = d.action.preview || (d.action.preview === undefined && !!d.action.roll);
  if (previews) {
    if (d.preview) {
      // The whole record of the test the action would make: target, every modifier
      // with its rule, the exact odds, and the checks (a failed one says why not).
      const rec = firstRecord(d.preview);
      if (rec) rows.push(el('div', { class: 'preview' }, recordView(rec, { preview: true })));
      if (rec && (rec.checks || []).some((c) => !c.ok)) {
        const no = rec.checks.filter((c) => !c.ok).map((c) => `${c.rule}: ${c.label}${c.detail ? ` (${c.detail})` : ''}`);
        rows.push(el('p', { class: 'err', role: 'alert' }, t('Refused: {0}', no.join('; '))));
      }
    } else if (ready && !d.error) {
      rows.push(el('p', { class: 'hint' }, t('Working out the odds…')));
    }
  }
  const refused = d.preview && (firstRecord(d.preview) || { checks: [] }).checks.some((c) => !c.ok);
  const can = ready && !d.error && !refused && !state.busy && (!previews || !!d.preview);
  const table = d.action.roll && (!d.action.roll.option || d.action.roll.option === '--roll');
  rows.push(el('div', { class: 'row do-row' },
    button(d.action.roll ? t('Roll') : t('Do it'), () => act(wordsOf(d)),
      { class: 'primary', disabled: !can, dataset: { do: d.action.roll ? 'roll' : 'do' } }),
    table ? button(t('Table dice'), () => numpad(d), { disabled: !can, dataset: { do: 'table' } }) : null,
    button(t('Cancel'), () => { state.draft = null; render(); })));
  return el('div', { class: 'draft', dataset: { draft: d.action.action } }, rows);
}

function firstRecord(res) {
  if (!res) return null;
  if (res.records && res.records.length) return res.records[0].record || res.records[0];
  if (res.record) return res.record;
  if (res.outcomes) return res;
  return null;
}

function renderResult() {
  const r = state.result;
  const box = $('result');
  if (!r) return clear(box);
  const line = el('div', { class: `line${r.error ? ' error' : ''}${state.showRecord ? ' open' : ''}`, dataset: { seq: r.seq || '' } },
    el('span', { class: 'text' }, r.line),
    r.records && r.records.length ? button(state.showRecord ? t('Hide record') : t('Record'),
      () => { state.showRecord = !state.showRecord; renderResult(); }, { 'aria-expanded': state.showRecord ? 'true' : 'false' }) : null,
    button('×', () => setResult(null), { class: 'icon', 'aria-label': t('Dismiss') }));
  clear(box, line, state.showRecord && r.records ? el('div', { class: 'record-box' }, r.records.map((x) => recordView(x))) : null);
}

function entryTurn(e) {
  return e.turn === undefined ? '' : String(e.turn);
}

function renderLog() {
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

function renderReferee() {
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

/* ---- the number pad for the table's dice ---- */

function diceRange(dice) {
  const m = /^(\d*)d(\d+)(?:k[hl]\d+)?([+-]\d+)?$/.exec(String(dice || '').trim());
  if (!m) return null;
  const n = Number(m[1] || 1);
  const s = Number(m[2]);
  const keep = /k[hl](\d+)/.exec(dice);
  const k = keep ? Number(keep[1]) : n;
  const mod = Number(m[3] || 0);
  return { min: k + mod, max: k * s + mod };
}

function numpad(d) {
  const dlg = $('numpad');
  const range = diceRange(d.action.roll && d.action.roll.dice);
  let entry = '';
  const display = el('output', { class: 'display', 'aria-live': 'polite' });
  const err = el('p', { class: 'err', role: 'alert' });
  const ok = button('✓', () => submit(), { class: 'primary', 'aria-label': t('Enter'), title: t('Enter'), dataset: { key: 'enter' } });
  const update = () => {
    display.textContent = entry;
    const v = Number(entry);
    const good = entry !== '' && (!range || (v >= range.min && v <= range.max));
    ok.disabled = !good;
    err.textContent = entry !== '' && !good && range ? t('from {0} to {1}', range.min, range.max) : '';
  };
  const press = (k) => {
    if (k === 'back') entry = entry.slice(0, -1);
    else if (entry.length < 3) entry = entry === '0' ? k : entry + k;
    update();
  };
  const submit = () => {
    if (ok.disabled) return;
    dlg.close();
    act(wordsOf(d), Number(entry));
  };
  const keys = ['1', '2', '3', '4', '5', '6', '7', '8', '9', 'back', '0'].map((k) =>
    button(k === 'back' ? '⌫' : k, () => press(k), { dataset: { key: k }, 'aria-label': k === 'back' ? t('Delete') : k }));
  clear(dlg, el('h2', {}, t('The dice thrown at the table')),
    el('p', { class: 'range' }, `${d.action.roll.dice}${range ? ` · ${t('from {0} to {1}', range.min, range.max)}` : ''}`),
    display, err, el('div', { class: 'keys' }, keys, ok),
    el('div', { class: 'row' }, button(t('Cancel'), () => dlg.close())));
  dlg.onkeydown = (e) => {
    if (/^[0-9]$/.test(e.key)) press(e.key);
    else if (e.key === 'Backspace') press('back');
    else if (e.key === 'Enter') submit();
    else return;
    e.preventDefault();
  };
  update();
  dlg.showModal();
}

/* ---- selection, hand-off, wiring ---- */

function select(id, centre) {
  state.selected = id;
  if (state.draft && id && !actionsFor(id).includes(state.draft.action)) state.draft = null;
  if (id) state.tab = 'piece';
  if (centre) map.centre(id);
  render();
  $('pane-piece').scrollTop = 0;
}

function handoff() {
  const all = tokens();
  const box = $('handoff');
  const nextIndex = all.length > 1 ? (state.seatIndex + 1) % all.length : state.seatIndex;
  clear(box, el('h2', {}, t('Pass the device to the other side')),
    el('p', {}, all.length > 1 ? t('The next player taps below to see their own view.')
      : t('The screen stays hidden until the next player taps.')),
    button(t('Show my view'), async () => {
      box.hidden = true;
      if (nextIndex !== state.seatIndex) {
        state.seatIndex = nextIndex;
        useToken(all[nextIndex]);
        Object.assign(state, { game: null, actions: [], log: [], draft: null, result: null });
        const kept = restore();
        state.selected = kept.selected || '';
        state.tab = kept.tab || 'piece';
        restartEvents();
        await refresh();
      }
    }, { class: 'primary', dataset: { do: 'handoff-show' } }));
  state.draft = null;
  box.hidden = false;
  box.querySelector('button').focus();
}

let stopEvents = null;
let eventTimer = null;

function restartEvents() {
  if (stopEvents) stopEvents();
  stopEvents = follow((data, type) => {
    if (type === 'done') {
      try {
        keepVotes(JSON.parse(data), state.votesHeard);
      } catch (e) {
        return;
      }
      renderBar();
      renderReferee();
      return;
    }
    clearTimeout(eventTimer);
    eventTimer = setTimeout(refresh, 50);
  }, (s) => {
    const was = state.conn;
    state.conn = s;
    renderBar();
    if (s === 'live' && was === 'lost') refresh();
  });
}

function wire() {
  map = new MapView($('map'), (id) => select(id));
  for (const b of document.querySelectorAll('.tabs button')) {
    b.addEventListener('click', () => { state.tab = b.dataset.tab; render(); });
    b.addEventListener('keydown', (e) => {
      const tabs = [...document.querySelectorAll('.tabs button:not([hidden])')];
      const i = tabs.indexOf(b);
      const j = e.key === 'ArrowRight' ? i + 1 : e.key === 'ArrowLeft' ? i - 1 : null;
      if (j === null) return;
      const to = tabs[(j + tabs.length) % tabs.length];
      to.focus();
      to.click();
    });
  }
  $('done').addEventListener('click', () => pressDone());
  $('may').addEventListener('click', () => $('may').classList.toggle('open'));
  const menu = $('menu');
  $('menu-button').addEventListener('click', () => {
    menu.hidden = !menu.hidden;
    $('menu-button').setAttribute('aria-expanded', menu.hidden ? 'false' : 'true');
  });
  document.addEventListener('keydown', (e) => { if (e.key === 'Escape' && !menu.hidden) { menu.hidden = true; $('menu-button').focus(); } });
  $('pass').addEventListener('click', () => { menu.hidden = true; handoff(); });
  $('whole').addEventListener('click', () => { menu.hidden = true; map.reset(); save(); });
  const lang = $('lang');
  for (const code of languages()) lang.append(el('option', { value: code }, LANG_NAMES[code] || code));
  lang.value = language();
  lang.addEventListener('change', () => {
    setLanguage(lang.value);
    sessionStorage.setItem('grognard.lang', lang.value);
  });
  onLanguage(() => { translateStatic(document); refresh(); });
  window.addEventListener('hashchange', () => location.reload());
  let saveTimer = null;
  $('map').addEventListener('pointerup', () => { clearTimeout(saveTimer); saveTimer = setTimeout(save, 300); });
  $('map').addEventListener('wheel', () => { clearTimeout(saveTimer); saveTimer = setTimeout(save, 300); });
}

async function main() {
  wire();
  const f = fragment();
  const code = f.lang || sessionStorage.getItem('grognard.lang') || (navigator.language || 'en').slice(0, 2);
  setLanguage(code);
  $('lang').value = language();
  translateStatic(document);
  if (!currentToken()) {
    clear($('fatal'), el('h2', {}, t('No seat in this link')),
      el('p', {}, t('Open the link or scan the QR code that grognard serve printed for your side.')));
    $('fatal').hidden = false;
    return;
  }
  const kept = restore();
  state.selected = kept.selected || '';
  state.tab = kept.tab || 'piece';
  state.logTurn = kept.logTurn || '';
  await refresh();
  if (kept.view && map.full) {
    map.view = kept.view;
    map.apply();
  }
  if (kept.draft) {
    const a = state.actions.find((x) => (x.words || [x.action]).join(' ') === kept.draft.words);
    if (a && Array.isArray(kept.draft.values) && kept.draft.values.length === (a.args || []).length) {
      state.draft = { action: a, values: kept.draft.values, preview: null, error: '' };
      await maybePreview();
    }
  }
  restartEvents();
}

main();
