// state.js — what the page holds: the state fetched from the server, read with care,
// and what the person is doing.
//
// The server owns the game. The page holds only what it fetched (game, actions, log,
// map) and what the person is doing (the selected piece, the action being put
// together, the open tab, the log's turn filter, the map's view box); the latter is
// kept in sessionStorage so that a reload comes back to the same view. The sides' Done
// (GET done, and the events' "done") is kept as the server last said it: an answer
// asked for before the last "done" event was heard is older than that event and is
// dropped. render() draws every screen the page registered (app.js) from this state;
// the screens' modules call it after a change without importing one another.

export const $ = (id) => document.getElementById(id);

export const state = {
  game: null,
  actions: [],
  names: {},
  claims: [],           // GET claims: the open claims and what this seat may answer
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
  stale: false,         // a change may have been missed: out of date until a refresh succeeds
  fullLog: false,       // the next refresh fetches the whole log
  seatIndex: 0,
  votes: null,          // GET done: {turn, phase, done: [side], waiting: [side], referee_present}
  votesHeard: 0,        // counts the votes taken from the stream or a vote's answer
};

export function seat() {
  const g = state.game || {};
  const s = g.seat || g.viewer || {};
  if (typeof s === 'string') return { kind: s === 'referee' ? 'referee' : s ? 'side' : 'public', side: s === 'referee' ? '' : s };
  return { kind: s.kind || (s.referee ? 'referee' : s.side ? 'side' : 'public'), side: s.side || '' };
}

export function isReferee() {
  return seat().kind === 'referee';
}

export function sides() {
  const g = state.game || {};
  return (g.sides || []).map((s) => (typeof s === 'string' ? { id: s, name: s } : { id: s.id || s.side, name: s.name || s.id }));
}

export function sideName(id) {
  const s = sides().find((x) => x.id === id);
  return s ? s.name : id;
}

export function pieces() {
  const g = state.game || {};
  return [...(g.officers || []).map((o) => ({ ...o, kind: 'officer' })),
          ...(g.units || []).map((u) => ({ ...u, kind: 'unit' }))];
}

export function piece(id) {
  return pieces().find((p) => p.id === id) || null;
}

export function mayDo() {
  const g = state.game || {};
  const may = g.may_do || g.may || {};
  if (Array.isArray(may)) return may;
  const s = seat();
  if (s.kind === 'side') return may[s.side] || [];
  return Object.entries(may).flatMap(([side, list]) => (list || []).map((x) => `${sideName(side)}: ${x}`));
}

export function save() {
  const v = map && map.view ? map.view : null;
  sessionStorage.setItem(`grognard.view.${state.seatIndex}`, JSON.stringify({
    selected: state.selected, tab: state.tab, logTurn: state.logTurn, view: v,
    draft: state.draft ? { words: (state.draft.action.words || [state.draft.action.action]).join(' '), values: state.draft.values } : null,
  }));
}

export function restore() {
  try {
    return JSON.parse(sessionStorage.getItem(`grognard.view.${state.seatIndex}`) || 'null') || {};
  } catch (e) {
    return {};
  }
}

// Takes the votes of an answer asked for when state.votesHeard was `heard`, unless newer
// ones came since (a "done" event: the server sends one after every change, so what it
// says is never older than an answer still on its way, and a later change sends another).
export function keepVotes(votes, heard) {
  if (state.votesHeard !== heard) return;
  state.votes = votes;
  state.votesHeard++;
}

// The votes of the phase the page shows (none if the server's are another phase's: the
// game is being fetched again).
export function votesNow() {
  const g = state.game || {};
  const v = state.votes;
  if (!v || v.turn !== g.turn || v.phase !== g.phase) return { done: [], waiting: sides().map((x) => x.id), referee: false };
  return { done: v.done || [], waiting: v.waiting || [], referee: !!v.referee_present };
}

// The map (map.js's MapView), made once by app.js when the page is wired.
export let map = null;

export function setMap(m) {
  map = m;
}

// The screens render() draws, in order (app.js registers them once).
const screens = [];

export function onRender(...draw) {
  screens.push(...draw);
}

// Draws every screen from the state, marks the selected piece and keeps the view.
export function render() {
  for (const draw of screens) draw();
  map.mark(state.selected);
  save();
}
