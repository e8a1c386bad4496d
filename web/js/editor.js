// editor.js — the organiser's order-of-battle editor: sides, officers (role, superior,
// ratings under each family, starting order), units (commander, arm, status, manoeuvre
// class, figures, companies, formation, starting order), positions dragged on a map of
// the table; every change is checked by the server with `grognard validate`'s own
// messages (POST /api/v1/validate); the battle is saved as a scenario file (JSON) or
// started as a game. A bundled scenario or a served game's battle can be opened, edited
// and saved as a new scenario.
//
// The editor holds the scenario document itself (format 1, lengths in cm): what it has
// no field for (terrain, hidden orders, notes) is kept as it came. A unit's commander is
// the officer whose "units" list names it; each piece's starting order is the one order
// of orders[] addressed to it that is not hidden.
import { el, clear } from './dom.js';
import { t, onLanguage } from './i18n.js';

const NATIONS = ['france', 'britain', 'late-prussia', 'prussia', 'austria', 'russia', 'portugal',
  'spain', 'netherlands', 'other'];
const ROLES = ['commander-in-chief', 'army', 'corps', 'division', 'brigade', 'aide-de-camp'];
const ARMS = ['infantry', 'cavalry', 'foot-artillery', 'horse-artillery', 'engineers'];
const STATUSES = ['garde', 'elite', 'veteran', 'regular', 'semi-regular', 'militia', 'irregular'];
const FORMATIONS = ['line', 'attack-column', 'march-column', 'skirmish', 'mass-square', 'limbered',
  'unlimbered'];
const ORDERS = ['', 'attack', 'defend', 'hold', 'march', 'support', 'reserve', 'retire', 'skirmish'];
const COLOURS = ['#1f4e9c', '#b22222', '#2e7d32', '#6a1b9a'];

// A unit's base in cm at 25 mm, as the roster's defaults (docs/scenario-format.md).
function baseOf(arm, formation) {
  const column = /column|square/.test(formation);
  if (/artillery/.test(arm)) return { width: 6, depth: 6 };
  if (arm === 'cavalry') return column ? { width: 5, depth: 12.5 } : { width: 12.5, depth: 5 };
  if (formation === 'skirmish') return { width: 16, depth: 2 };
  return column ? { width: 8, depth: 8 } : { width: 16, depth: 4 };
}

function blank() {
  return {
    format: 1,
    meta: { name: t('A new battle'), sources: [] },
    table: { figure_scale: 25, mm_per_pas: 1, unit: 'cm', width: 180, depth: 120 },
    sides: [], officers: [], units: [], orders: [],
  };
}

// The scenario as the editor works on it: each unit's commander, each piece's order.
function load(sc) {
  const s = JSON.parse(JSON.stringify(sc));
  s.sides = s.sides || [];
  s.officers = s.officers || [];
  s.units = s.units || [];
  const commander = {};
  for (const o of s.officers) for (const u of o.units || []) commander[u] = o.id;
  for (const u of s.units) u.commander = commander[u.id] || '';
  const hidden = [];
  const order = {};
  for (const o of s.orders || []) {
    if (o.hidden || order[o.to]) hidden.push(o);
    else order[o.to] = o;
  }
  for (const p of [...s.officers, ...s.units]) p.order = order[p.id] || { to: p.id, kind: '' };
  s.keptOrders = hidden;
  delete s.orders;
  return s;
}

// The scenario document to check, save or start.
function save(s) {
  const out = JSON.parse(JSON.stringify(s));
  const units = {};
  for (const u of out.units) {
    if (u.commander) (units[u.commander] = units[u.commander] || []).push(u.id);
    const commander = out.officers.find((o) => o.id === u.commander);
    if (commander) u.side = commander.side;
    delete u.commander;
  }
  const orders = [];
  for (const p of [...out.officers, ...out.units]) {
    if (p.order && p.order.kind) orders.push({ ...p.order, to: p.id });
    delete p.order;
  }
  for (const o of out.officers) {
    if (units[o.id]) o.units = units[o.id];
    else delete o.units;
  }
  out.orders = [...orders, ...(out.keptOrders || [])];
  delete out.keptOrders;
  return out;
}

function freeId(s, stem) {
  const used = new Set([...s.sides, ...s.officers, ...s.units].map((p) => p.id));
  for (let i = 1; ; i++) if (!used.has(`${stem}${i}`)) return `${stem}${i}`;
}

// A place on the side's half of the table for a new piece, a step right of the last.
function placeFor(s, side, unit) {
  const k = s.sides.findIndex((x) => x.id === side);
  const lower = k % 2 === 0;
  const mine = (unit ? s.units : s.officers).filter((p) => p.side === side);
  const x = 20 + ((mine.length * 18) % Math.max(20, s.table.width - 40));
  const y = lower ? s.table.depth * (unit ? 0.3 : 0.15) : s.table.depth * (unit ? 0.7 : 0.85);
  return { x, y, facing: lower ? 0 : 180 };
}

function field(label, input) {
  return el('label', {}, el('span', { text: label }), input);
}

function select(values, value, onchange, labels) {
  const s = el('select', { onchange: (e) => onchange(e.target.value) },
    values.map((v, i) => el('option', { value: v, text: labels ? labels[i] : v })));
  s.value = value;
  return s;
}

function input(value, onchange, attrs) {
  return el('input', { value: value === undefined ? '' : String(value), autocomplete: 'off',
    onchange: (e) => onchange(e.target.value), ...(attrs || {}) });
}

function num(v, dflt) {
  const n = Number(String(v).replace(',', '.'));
  return Number.isFinite(n) && String(v).trim() !== '' ? n : dflt;
}

export function initEditor(opts) {
  let s = load(blank());
  let sources = [];
  let games = [];
  let timer = null;
  const $ = (id) => document.getElementById(id);

  function changed() {
    render();
    clearTimeout(timer);
    timer = setTimeout(check, 300);
  }

  async function check() {
    try {
      const r = await opts.call('POST', 'validate', { scenario_json: JSON.stringify(save(s)) });
      $('ed-ok').hidden = !r.ok;
      clear($('ed-problems'), r.problems.map((p) => el('li', { text: `${p.path}: ${p.message}` })));
    } catch (e) {
      clear($('ed-problems'), el('li', { text: e.message }));
    }
  }

  function renameRefs(old, id) {
    for (const o of s.officers) if (o.superior === old) o.superior = id;
    for (const u of s.units) if (u.commander === old) u.commander = id;
    for (const p of [...s.officers, ...s.units]) {
      if (p.side === old) p.side = id;
      if (p.order && p.order.target === old) p.order.target = id;
    }
  }

  function idInput(p) {
    return field(t('Id'), input(p.id, (v) => { renameRefs(p.id, v); p.id = v; changed(); }, { class: 'id' }));
  }

  function removeButton(list, p) {
    return el('button', { type: 'button', class: 'remove', text: t('Remove'),
      onclick: () => { list.splice(list.indexOf(p), 1); changed(); } });
  }

  function orderSelect(p) {
    return field(t('Starting order'), select(ORDERS, p.order.kind || '', (v) => { p.order.kind = v; changed(); },
      ORDERS.map((o) => (o ? o : t('none')))));
  }

  function sideRow(side) {
    return el('div', { class: 'row', dataset: { side: side.id } },
      idInput(side),
      field(t('Name'), input(side.name, (v) => { side.name = v; changed(); }, { class: 'name' })),
      field(t('Nation'), select(NATIONS, side.nation, (v) => { side.nation = v; changed(); })),
      removeButton(s.sides, side));
  }

  function rating(o, family, key, values) {
    o.ratings = o.ratings || {};
    o.ratings[family] = o.ratings[family] || {};
    return select(values, String(o.ratings[family][key]), (v) => {
      o.ratings[family][key] = family === 'aigles' ? Number(v) : v;
      changed();
    });
  }

  function officerRow(o) {
    const sides = s.sides.map((x) => x.id);
    const superiors = ['', ...s.officers.filter((x) => x !== o && x.side === o.side).map((x) => x.id)];
    return el('div', { class: 'row', dataset: { officer: o.id } },
      idInput(o),
      field(t('Name'), input(o.name, (v) => { o.name = v; changed(); }, { class: 'name' })),
      field(t('Side'), select(sides, o.side, (v) => { o.side = v; changed(); }, undefined)),
      field(t('Role'), select(ROLES, o.role, (v) => { o.role = v; changed(); })),
      field(t('Superior'), select(superiors, o.superior || '', (v) => {
        if (v) o.superior = v; else delete o.superior;
        changed();
      }, superiors.map((x) => x || t('none')))),
      field(t('Charisma (Les Aigles)'), rating(o, 'aigles', 'charisma', ['0', '1', '2', '3', '4', '5'])),
      field(t('Command (Les Aigles)'), rating(o, 'aigles', 'command', ['0', '1', '2', '3', '4', '5'])),
      field(t('Skill (General de Brigade)'), rating(o, 'gdb', 'skill', ['gifted', 'ordinary', 'poor'])),
      field(t('Quality (Grande Tactique)'), rating(o, 'gt', 'quality', ['great', 'ordinary', 'bad'])),
      orderSelect(o),
      removeButton(s.officers, o));
  }

  function unitRow(u) {
    const commanders = ['', ...s.officers.filter((o) => o.role !== 'aide-de-camp').map((o) => o.id)];
    const reBase = () => { u.base = baseOf(u.arm, u.formation); };
    return el('div', { class: 'row', dataset: { unit: u.id } },
      idInput(u),
      field(t('Name'), input(u.name, (v) => { u.name = v; changed(); }, { class: 'name' })),
      field(t('Commander'), select(commanders, u.commander, (v) => { u.commander = v; changed(); },
        commanders.map((x) => x || t('none')))),
      field(t('Arm'), select(ARMS, u.arm, (v) => { u.arm = v; reBase(); changed(); })),
      field(t('Status'), select(STATUSES, u.status, (v) => { u.status = v; changed(); })),
      field(t('Manoeuvre class'), select(['A', 'B', 'C'], u.manoeuvre, (v) => { u.manoeuvre = v; changed(); })),
      field(t('Figures'), input(u.figures, (v) => { u.figures = Math.round(num(v, u.figures)); changed(); },
        { inputmode: 'numeric', class: 'figures' })),
      field(t('Companies'), input(u.subunits || 0, (v) => { u.subunits = Math.round(num(v, 0)); changed(); },
        { inputmode: 'numeric' })),
      field(t('Formation'), select(FORMATIONS.includes(u.formation) ? FORMATIONS : [u.formation, ...FORMATIONS],
        u.formation || 'line', (v) => { u.formation = v; reBase(); changed(); })),
      orderSelect(u),
      removeButton(s.units, u));
  }

  // The map: the table in cm (y up, as the scenario), pieces dragged with a pointer.
  function renderMap() {
    const svg = $('ed-map');
    const W = s.table.width;
    const D = s.table.depth;
    svg.setAttribute('viewBox', `0 0 ${W} ${D}`);
    const ns = 'http://www.w3.org/2000/svg';
    const nodes = [];
    const colour = {};
    s.sides.forEach((x, i) => { colour[x.id] = x.colour || COLOURS[i % COLOURS.length]; });
    const all = [...s.units.map((u) => ({ p: u, unit: true })), ...s.officers.map((o) => ({ p: o, unit: false }))];
    for (const { p, unit } of all) {
      if (!p.position) continue;
      const side = unit ? (s.officers.find((o) => o.id === p.commander) || {}).side || p.side : p.side;
      const w = unit ? (p.base || baseOf(p.arm, p.formation)).width : 4;
      const d = unit ? (p.base || baseOf(p.arm, p.formation)).depth : 4;
      const g = document.createElementNS(ns, 'g');
      g.setAttribute('class', 'piece');
      g.dataset.id = p.id;
      g.setAttribute('transform', `translate(${p.position.x} ${D - p.position.y}) rotate(${p.facing || 0})`);
      const r = document.createElementNS(ns, 'rect');
      r.setAttribute('x', -w / 2); r.setAttribute('y', -d / 2);
      r.setAttribute('width', w); r.setAttribute('height', d);
      r.setAttribute('fill', unit ? colour[side] || '#555' : '#fff');
      r.setAttribute('stroke', colour[side] || '#555'); r.setAttribute('stroke-width', unit ? 0.3 : 0.8);
      const label = document.createElementNS(ns, 'text');
      label.setAttribute('y', d / 2 + 3); label.setAttribute('text-anchor', 'middle');
      label.setAttribute('transform', `rotate(${-(p.facing || 0)})`);
      label.textContent = p.id;
      g.append(r, label);
      g.addEventListener('pointerdown', (ev) => drag(ev, p, g));
      nodes.push(g);
    }
    svg.replaceChildren(...nodes);
  }

  function drag(ev, p, g) {
    ev.preventDefault();
    const svg = $('ed-map');
    const at = (e) => {
      const m = svg.getScreenCTM().inverse();
      const pt = new DOMPoint(e.clientX, e.clientY).matrixTransform(m);
      return { x: Math.round(pt.x * 10) / 10, y: Math.round((s.table.depth - pt.y) * 10) / 10 };
    };
    const move = (e) => {
      p.position = at(e);
      g.setAttribute('transform', `translate(${p.position.x} ${s.table.depth - p.position.y}) rotate(${p.facing || 0})`);
    };
    const up = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      changed();
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
  }

  function renderOpen() {
    const sel = $('ed-open');
    const opts2 = [el('option', { value: '', text: t('A new battle') })];
    for (const x of sources) opts2.push(el('option', { value: `scenario:${x.name}`, text: x.title }));
    for (const g of games) opts2.push(el('option', { value: `game:${g.name}`, text: t('Game {0} as it stands', g.name) }));
    const v = sel.value;
    clear(sel, opts2);
    sel.value = v;
  }

  function render() {
    $('ed-name').value = s.meta.name || '';
    $('ed-width').value = String(s.table.width);
    $('ed-depth').value = String(s.table.depth);
    clear($('ed-sides'), s.sides.map(sideRow));
    clear($('ed-officers'), s.officers.map(officerRow));
    clear($('ed-units'), s.units.map(unitRow));
    renderMap();
  }

  $('ed-name').addEventListener('change', (e) => { s.meta.name = e.target.value; changed(); });
  $('ed-width').addEventListener('change', (e) => { s.table.width = num(e.target.value, s.table.width); changed(); });
  $('ed-depth').addEventListener('change', (e) => { s.table.depth = num(e.target.value, s.table.depth); changed(); });
  $('ed-add-side').addEventListener('click', () => {
    const id = freeId(s, 'side');
    s.sides.push({ id, name: t('Side {0}', s.sides.length + 1), nation: 'other',
      colour: COLOURS[s.sides.length % COLOURS.length] });
    changed();
  });
  $('ed-add-officer').addEventListener('click', () => {
    const side = (s.sides[s.officers.length % Math.max(1, s.sides.length)] || {}).id || '';
    const chief = s.officers.find((o) => o.side === side && o.role === 'commander-in-chief');
    const at = placeFor(s, side, false);
    const o = { id: freeId(s, 'officer'), name: t('Officer {0}', s.officers.length + 1), side,
      role: chief ? 'brigade' : 'commander-in-chief', position: { x: at.x, y: at.y }, facing: at.facing,
      ratings: { aigles: { charisma: 2, command: 2 }, gdb: { skill: 'ordinary' }, gt: { quality: 'ordinary' } },
      order: { kind: '' } };
    if (chief) o.superior = chief.id;
    s.officers.push(o);
    changed();
  });
  $('ed-add-unit').addEventListener('click', () => {
    const brigades = s.officers.filter((o) => o.role !== 'aide-de-camp');
    const commander = brigades.length ? brigades[s.units.length % brigades.length] : null;
    const side = commander ? commander.side : (s.sides[0] || {}).id || '';
    const at = placeFor(s, side, true);
    s.units.push({ id: freeId(s, 'unit'), name: t('Unit {0}', s.units.length + 1), side,
      commander: commander ? commander.id : '', arm: 'infantry', status: 'regular', manoeuvre: 'B',
      figures: 24, subunits: 6, formation: 'line', position: { x: at.x, y: at.y }, facing: at.facing,
      base: baseOf('infantry', 'line'), order: { kind: '' } });
    changed();
  });
  $('ed-open').addEventListener('change', async (e) => {
    const [kind, name] = e.target.value.split(/:(.*)/s);
    try {
      if (!kind) s = load(blank());
      else s = load((await opts.call('GET', `battle?${kind}=${encodeURIComponent(name)}`)).scenario);
      if (kind) s.meta.name = t('{0} (copy)', s.meta.name);
      changed();
    } catch (err) {
      clear($('ed-problems'), el('li', { text: err.message }));
    }
  });
  $('ed-save').addEventListener('click', () => {
    const blob = new Blob([`${JSON.stringify(save(s), null, 2)}\n`], { type: 'application/json' });
    const a = el('a', { href: URL.createObjectURL(blob),
      download: `${(s.meta.name || 'battle').replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-|-$/g, '') || 'battle'}.json` });
    document.body.append(a);
    a.click();
    a.remove();
  });
  $('ed-start').addEventListener('click', async () => {
    try {
      await opts.start(save(s));
      clear($('ed-problems'));
    } catch (err) {
      const items = (err.doc && err.doc.problems) || [];
      clear($('ed-problems'), items.length ? items.map((p) => el('li', { text: `${p.path}: ${p.message}` }))
        : el('li', { text: err.message }));
    }
  });
  onLanguage(render);
  render();
  check();
  return {
    scenario: () => save(s),
    setSources(list) { sources = list; renderOpen(); },
    setGames(list) { games = list; renderOpen(); },
  };
}
