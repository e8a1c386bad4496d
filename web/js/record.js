// record.js — an explanation record (the engine's one record of a test: rule ids,
// dice, target, modifiers with their rules, exact odds, the roll and the outcome) as
// the page shows it: the odds before a roll, the record after it.
import { el } from './dom.js';
import { t } from './i18n.js';

function signed(v) {
  return v > 0 ? `+${v}` : String(v);
}

function percent(p) {
  return `${(100 * p).toFixed(1)}%`;
}

// The target line: "2d6 > 6, modifiers -2".
export function targetLine(r) {
  const parts = [];
  if (r.dice) parts.push(r.dice);
  if (r.comparison && r.target !== null && r.target !== undefined) parts.push(`${r.comparison} ${r.target}`);
  let line = parts.join(' ');
  if (r.modifier_total) line += ` ${t('(modifiers {0})', signed(r.modifier_total))}`;
  return line;
}

// The odds of each outcome, as a list with data-outcome and data-exact for the tests.
export function odds(r) {
  const rows = (r.outcomes || []).map((o) =>
    el('li', { class: 'odd', dataset: { outcome: o.name, exact: o.exact || '' } },
      el('span', { class: 'odd-name' }, o.name),
      el('span', { class: 'odd-exact' }, o.exact || ''),
      el('span', { class: 'odd-p' }, percent(o.p || 0)),
      el('span', { class: 'odd-bar', 'aria-hidden': 'true' },
        el('span', { class: 'odd-fill', dataset: { p: String(o.p || 0) } }))));
  const list = el('ul', { class: 'odds', 'aria-label': t('Odds') }, rows);
  for (const f of list.querySelectorAll('.odd-fill')) f.style.width = percent(Number(f.dataset.p));
  return list;
}

export function modifiers(r) {
  if (!r.modifiers || r.modifiers.length === 0) return null;
  return el('table', { class: 'mods' },
    el('caption', {}, t('Modifiers')),
    el('tbody', {}, r.modifiers.map((m) =>
      el('tr', { dataset: { rule: m.rule || '' } },
        el('td', { class: 'rule' }, m.rule || ''),
        el('td', {}, m.label || ''),
        el('td', { class: 'num' }, signed(m.value))))));
}

function measureValue(m) {
  if (m.what === 'contact') return m.value ? t('in contact') : t('not in contact');
  if (m.value === null || m.value === undefined) return t('no enemy unit on the map');
  return `${Number(m.value).toFixed(1)} ${m.unit || ''}`;
}

function measureText(m) {
  const to = m.what === 'nearest-enemy'
    ? (m.to ? t('the nearest enemy ({0})', m.to) : t('the nearest enemy')) : m.to;
  return t('{0} to {1}', m.from, to);
}

// The measures the test took (docs/json.md): from the map or the table. In a preview,
// with onMeasure, each is a button: a tap gives it from the table instead.
export function measures(r, onMeasure) {
  if (!r.measures || r.measures.length === 0) return null;
  return el('ul', { class: 'measures', 'aria-label': t('Measures') }, r.measures.map((m) => {
    const body = [el('span', { class: 'rule' }, m.rule || ''), ' ', measureText(m), ': ',
      el('b', { class: 'measure-value' }, measureValue(m)), ' ',
      el('span', { class: 'measure-source' }, m.source === 'table' ? t('(table)') : t('(map)'))];
    const data = { measure: m.id, source: m.source, what: m.what };
    return el('li', { class: `measure ${m.source}`, dataset: data },
      onMeasure ? el('button', { type: 'button', class: 'measure-tap', dataset: data,
        'aria-label': t('Measure {0} at the table', measureText(m)), onclick: () => onMeasure(m) }, body) : body);
  }));
}

function checks(r) {
  if (!r.checks || r.checks.length === 0) return null;
  return el('ul', { class: 'checks' }, r.checks.map((c) =>
    el('li', { class: c.ok ? 'ok' : 'no' },
      el('span', { class: 'mark' }, c.ok ? t('ok') : t('NO')), ' ',
      el('span', { class: 'rule' }, c.rule || ''), ' ', c.label || '',
      c.detail ? el('span', { class: 'detail' }, `: ${c.detail}`) : null)));
}

function notes(r) {
  const list = [...(r.notes || []).map((n) => `${n.rule ? `${n.rule}: ` : ''}${n.text}`),
                ...(r.defaults_used || []).map((d) => t('default used: {0} = {1} ({2})', d.setting, d.value, d.note || ''))];
  if (list.length === 0) return null;
  return el('ul', { class: 'notes' }, list.map((s) => el('li', {}, s)));
}

// The roll as a line: "roll 8 (entered), modified 6: immediate".
export function rollLine(r) {
  if (r.roll === null || r.roll === undefined) return '';
  let s = t('roll {0}', r.roll);
  if (r.entered) s += ` ${t('(table dice)')}`;
  if (r.modified_roll !== null && r.modified_roll !== undefined && r.modified_roll !== r.roll)
    s += `, ${t('modified {0}', r.modified_roll)}`;
  if (r.outcome) s += `: ${r.outcome}`;
  return s;
}

// The whole record: title, rules, target, modifiers, odds, roll, checks, notes. A
// preview puts the odds first, under the target: what the player taps it for, and
// under them opts.plan, the plan's line (when the order will be in force).
export function recordView(r, opts) {
  const o = opts || {};
  const plan = o.preview && o.plan ? el('p', { class: 'plan' }, o.plan) : null;
  const rules = r.rules && r.rules.length ? el('p', { class: 'rules' }, r.rules.join(' ')) : null;
  const target = targetLine(r) ? el('p', { class: 'target' }, targetLine(r)) : null;
  const chances = r.outcomes && r.outcomes.length ? odds(r) : null;
  const value = r.value !== null && r.value !== undefined ? el('p', { class: 'value' }, `${r.value}${r.unit ? ` ${r.unit}` : ''}`) : null;
  const roll = !o.preview && rollLine(r) ? el('p', { class: 'roll' }, rollLine(r)) : null;
  const title = el('h3', {}, r.title || r.test || t('Record'));
  const parts = o.preview
    ? [title, target, chances, plan, measures(r, o.onMeasure), modifiers(r), value, rules, checks(r), notes(r)]
    : [title, rules, target, modifiers(r), chances, value, roll, measures(r), checks(r), notes(r)];
  return el('div', { class: 'record', dataset: { test: r.test || '' } }, parts);
}
