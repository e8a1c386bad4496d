// numpad.js — the number pad for the dice thrown at the table: a value inside the
// dice's range, sent with the action as its roll.
import { el, clear, button } from './dom.js';
import { t } from './i18n.js';
import { wordsOf } from './action.js';
import { $ } from './state.js';
import { act } from './sync.js';

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

export function numpad(d) {
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
    act(wordsOf(d), Number(entry), d.measures);
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
