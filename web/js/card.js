// card.js — the Piece tab: the selected piece's card and what it may do, or with no
// piece selected the seat's free actions and the list of its pieces.
import { el, clear, button } from './dom.js';
import { t } from './i18n.js';
import { PIECE_KINDS, startDraft } from './action.js';
import { draftView } from './draft.js';
import { state, seat, isReferee, sideName, pieces, piece, map, render, $ } from './state.js';
import { actionLabel, field } from './words.js';
import { placeRows } from './cardplace.js';

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
    el('dl', {}, rows.flatMap(([k, v]) => [el('dt', {}, t(k)), el('dd', {}, field(k, v))]),
      placeRows(p).flatMap(([k, label, v]) => [el('dt', {}, label), el('dd', { class: 'place', dataset: { place: k } },
        Array.isArray(v) ? v.map((line) => el('div', { class: 'distance' }, line)) : v)])));
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

// While a mouse button is held down in the tab, its redraw waits for the release: a
// redraw between the press and the release (the box just left taking its value, an
// event from the other side) put a new button under the pointer, and the click was lost.
let pressed = false;
let owed = false;
function watchPresses(pane) {
  if (pane.dataset.presses) return;
  pane.dataset.presses = '1';
  const release = () => {
    pressed = false;
    if (owed) { owed = false; setTimeout(renderPiece, 0); } // after the click's own redraw
  };
  pane.addEventListener('pointerdown', (e) => { if (e.pointerType === 'mouse') pressed = true; }, true);
  for (const type of ['pointerup', 'pointercancel']) document.addEventListener(type, release, true);
  window.addEventListener('blur', release);
}

export function renderPiece() {
  const pane = $('pane-piece');
  watchPresses(pane);
  if (pressed) {
    owed = true;
    return;
  }
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
  // The box being typed in stays focused, its text and caret kept, through the redraw
  // (a tap from one box of the move form to the next redraws the form).
  const f = document.activeElement;
  const key = f && pane.contains(f) && f.dataset && f.dataset.arg ? f.dataset.arg : '';
  const caret = key && typeof f.selectionStart === 'number' ? [f.selectionStart, f.selectionEnd] : null;
  clear(pane, out);
  const again = key ? pane.querySelector(`.draft [data-arg="${CSS.escape(key)}"]:is(input, select)`) : null;
  if (again) {
    again.focus({ preventScroll: true });
    if (caret && again.setSelectionRange) again.setSelectionRange(...caret);
  }
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

export function select(id, centre) {
  state.selected = id;
  if (state.draft && id && !actionsFor(id).includes(state.draft.action)) state.draft = null;
  if (id) state.tab = 'piece';
  if (centre) map.zoomTo(id);
  render();
  $('pane-piece').scrollTop = 0;
}
