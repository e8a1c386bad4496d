// moveform.js — the move form (docs/page.md): `move ID X Y [FACING]`, or from where the
// piece stands, `forward|back|left|right DIST`, `turn DEGREES`, `to OTHER [contact|DIST]`
// (docs/game.md "Moving pieces by hand"). The actions list gives the relative forms'
// words as the choices of move's "x"; the form shows them as chips, then the boxes the
// chosen form needs. Values go into the draft's values (id, x-or-word, y-or-length,
// facing-or-contact), so the words sent are the CLI's; the server checks them all.
import { el, button } from './dom.js';
import { t, tw } from './i18n.js';
import { choicesOf, choose } from './action.js';
import { state, render } from './state.js';

// An input box bound to value i of the draft; typing keeps the text in the draft (so a
// redraw never loses it), a change (leaving the box) takes it once the focus has moved.
export function valueBox(d, i, name, label, mode) {
  const input = el('input', { class: 'arg-input', value: d.values[i] || '', 'aria-label': label,
    inputmode: mode || 'decimal', dataset: { arg: name } });
  input.addEventListener('input', () => { d.values[i] = input.value.trim() || null; });
  // (not when the form changed meanwhile: a tap on another form's chip cleared the value,
  // which then belongs to that form's own box, and must not take this box's text)
  input.addEventListener('change', () => setTimeout(() => {
    if (d.values[i] === (input.value.trim() || null)) choose(d, i, d.values[i]);
  }, 0));
  return input;
}

function chip(label, on, onclick, data) {
  return button(label, onclick, { class: 'chip', 'aria-pressed': on ? 'true' : 'false', dataset: data });
}

function setForm(d, word) {
  d.values[1] = word;
  d.values[2] = null;
  d.values[3] = null;
  render();
}

// The rows of the move form after the piece (value 0): the form's chips, then its boxes.
export function moveRows(d) {
  const words = choicesOf(d, 1);
  const how = words.includes(d.values[1]) ? d.values[1] : '';
  const rows = [el('div', { class: 'arg-name' }, t('How')),
    el('div', { class: 'row', role: 'group', 'aria-label': t('How') },
      chip(t('Place (x, y)'), how === '', () => setForm(d, null), { arg: 'how', choice: 'place' }),
      words.map((w) => chip(tw('move', w), how === w, () => setForm(d, w), { arg: 'how', choice: w })))];
  const box = (i, name, label, mode) => [el('div', { class: 'arg-name' }, label), valueBox(d, i, name, label, mode)];
  if (how === '') {
    rows.push(...box(1, 'x', t('x')), ...box(2, 'y', t('y')), ...box(3, 'facing', `${t('facing')} (${t('optional')})`));
  } else if (how === 'turn') {
    rows.push(...box(2, 'degrees', t('degrees, clockwise (negative: to the left)')));
  } else if (how === 'to') {
    const others = Object.keys(state.names).filter((id) => id !== d.values[0])
      .sort((a, b) => String(state.names[a]).localeCompare(String(state.names[b])));
    const pick = el('select', { class: 'arg-input', 'aria-label': t('the other piece'), dataset: { arg: 'other' } },
      el('option', { value: '' }, t('the other piece')),
      others.map((id) => el('option', { value: id, selected: d.values[2] === id }, state.names[id] || id)));
    pick.addEventListener('change', () => choose(d, 2, pick.value || null));
    rows.push(el('div', { class: 'arg-name' }, t('the other piece')), pick,
      el('div', { class: 'arg-name' }, t('in base contact, or at a distance (edge to edge)')),
      el('div', { class: 'row' }, chip(t('in contact'), !d.values[3] || d.values[3] === 'contact',
        () => { d.values[3] = null; render(); }, { arg: 'gap', choice: 'contact' })),
      valueBox(d, 3, 'gap', t('distance')));
  } else {
    rows.push(...box(2, 'distance', t('distance')));
  }
  return rows;
}
