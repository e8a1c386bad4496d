// measurepad.js — a measure taken at the table (docs/game.md "Measured at the table"):
// a number pad in the table's unit (the scenario's file unit), or "in contact" / "not in
// contact" where contact is the question. The value goes with the draft
// (d.measures["picton:pack"] = "28cm") and the odds are asked again at once; Roll and
// Table dice then send it with the action. The map is not moved.
import { el, clear, button } from './dom.js';
import { t } from './i18n.js';
import { maybePreview } from './action.js';
import { state, $ } from './state.js';

const MM_PER = { mm: 1, cm: 10, in: 25.4 };

export function mmPer(unit) {
  if (unit === 'pas') return (state.game && state.game.table && state.game.table.mm_per_pas) || 1;
  return MM_PER[unit] || 1;
}

// The table's unit: the one its players measure in (the scenario's file unit).
export function tableUnit() {
  const u = state.game && state.game.table && state.game.table.file_unit;
  return (MM_PER[u] || u === 'pas') ? u : 'cm';
}

// A measure's value (in its rule's unit) in the table's unit, for the pad's "map" line.
function inTableUnit(m, unit) {
  return (Number(m.value) * mmPer(m.unit)) / mmPer(unit);
}

export function measurePad(d, m) {
  const dlg = $('numpad');
  const unit = tableUnit();
  const set = (value) => {
    dlg.close();
    if (value === null) delete d.measures[m.id];
    else d.measures[m.id] = value;
    maybePreview();
  };
  const given = d.measures[m.id];
  const reset = given !== undefined
    ? button(t('Use the map'), () => set(null), { dataset: { key: 'map' } }) : null;
  const title = el('h2', {}, t('Measured at the table'));
  const what = el('p', { class: 'range' }, `${m.rule} · ${m.id}`);
  if (m.what === 'contact') {
    clear(dlg, title, what,
      el('div', { class: 'row contact-keys' },
        button(t('in contact'), () => set('contact'), { class: 'primary', dataset: { key: 'contact' } }),
        button(t('not in contact'), () => set('no-contact'), { dataset: { key: 'no-contact' } })),
      el('div', { class: 'row' }, reset, button(t('Cancel'), () => dlg.close())));
    dlg.onkeydown = null;
    dlg.showModal();
    return;
  }
  let entry = '';
  const display = el('output', { class: 'display', 'aria-live': 'polite' });
  const ok = button('✓', () => submit(), { class: 'primary', 'aria-label': t('Enter'), title: t('Enter'), dataset: { key: 'enter' } });
  const update = () => {
    display.textContent = entry ? `${entry} ${unit}` : '';
    ok.disabled = !/^\d+(\.\d+)?$/.test(entry);
  };
  const press = (k) => {
    if (k === 'back') entry = entry.slice(0, -1);
    else if (k === '.') entry = entry.includes('.') ? entry : `${entry || '0'}.`;
    else if (entry.length < 6) entry = entry === '0' ? k : entry + k;
    update();
  };
  const submit = () => {
    if (!ok.disabled) set(`${entry}${unit}`);
  };
  const keys = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '.', '0', 'back'].map((k) =>
    button(k === 'back' ? '⌫' : k, () => press(k), { dataset: { key: k }, 'aria-label': k === 'back' ? t('Delete') : k }));
  const mapped = (d.onMap || {})[m.id] || (m.source === 'map' ? m : null);
  const onMap = !mapped ? ''
    : mapped.value === null || mapped.value === undefined ? t('no enemy unit on the map')
      : t('on the map: {0}', `${inTableUnit(mapped, unit).toFixed(1)} ${unit}`);
  const contact = m.what === 'distance'
    ? button(t('in contact'), () => set('contact'), { dataset: { key: 'contact' } }) : null;
  clear(dlg, title, what, onMap ? el('p', { class: 'range' }, onMap) : null,
    display, el('div', { class: 'keys' }, keys, ok),
    el('div', { class: 'row' }, contact, reset, button(t('Cancel'), () => dlg.close())));
  dlg.onkeydown = (e) => {
    if (/^[0-9]$/.test(e.key) || e.key === '.') press(e.key);
    else if (e.key === 'Backspace') press('back');
    else if (e.key === 'Enter') submit();
    else return;
    e.preventDefault();
  };
  update();
  dlg.showModal();
}
