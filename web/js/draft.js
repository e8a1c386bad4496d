// draft.js — the action being put together, as the Piece tab shows it: a chip for each
// choice of each argument, the odds before a roll (the whole record the test would
// make), and the buttons to roll, enter the table's dice or cancel.
import { el, button } from './dom.js';
import { t } from './i18n.js';
import { recordView } from './record.js';
import { OPEN_KINDS, wordsOf, complete, choicesOf, choose, firstRecord } from './action.js';
import { numpad } from './numpad.js';
import { measurePad } from './measurepad.js';
import { state, render } from './state.js';
import { act } from './sync.js';
import { choiceLabel, actionLabel } from './words.js';
import { moveRows, valueBox } from './moveform.js';

// The move form's own rows (moveform.js) replace the generic ones from this argument on.
function isMoveForm(d, i) {
  return d.action.action === 'move' && i === 1 && (d.action.args[1] || {}).name === 'x' &&
    (d.action.args[1].choices || []).length > 0;
}

export function draftView(d) {
  const args = d.action.args || [];
  const rows = [el('h3', {}, actionLabel(d.action)),
    d.action.help ? el('p', { class: 'hint' }, d.action.help) : null];
  let moveForm = false;
  args.forEach((a, i) => {
    if (moveForm || isMoveForm(d, i)) {
      if (!moveForm) rows.push(...moveRows(d));
      moveForm = true;
      return;
    }
    const val = d.values[i];
    rows.push(el('div', { class: 'arg-name' }, `${t(a.name)}${a.optional ? ` (${t('optional')})` : ''}`));
    if (!OPEN_KINDS.includes(a.kind)) {
      rows.push(el('div', { class: 'row', role: 'group', 'aria-label': t(a.name) }, choicesOf(d, i).map((c) =>
        button(choiceLabel(a, c), () => choose(d, i, val === c ? null : c),
          { class: 'chip', 'aria-pressed': val === c ? 'true' : 'false', dataset: { arg: a.name, choice: c } }))));
    } else {
      rows.push(valueBox(d, i, a.name, t(a.name), a.kind === 'text' ? 'text' : 'decimal'));
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
      // Under the odds, the plan's line (issue 27): when the order will be in force if
      // he keeps trying; a PIP roll, which has no record before the dice, shows it alone.
      // A tap on a measure opens the number pad (issue 24).
      if (rec) rows.push(el('div', { class: 'preview' },
        recordView(rec, { preview: true, plan: d.preview.plan, onMeasure: (m) => measurePad(d, m) })));
      else if (d.preview.plan) rows.push(el('p', { class: 'plan' }, d.preview.plan));
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
    button(d.action.roll ? t('Roll') : t('Do it'), () => act(wordsOf(d), undefined, d.measures),
      { class: 'primary', disabled: !can, dataset: { do: d.action.roll ? 'roll' : 'do' } }),
    table ? button(t('Table dice'), () => numpad(d), { disabled: !can, dataset: { do: 'table' } }) : null,
    button(t('Cancel'), () => { state.draft = null; render(); })));
  return el('div', { class: 'draft', dataset: { draft: d.action.action } }, rows);
}
