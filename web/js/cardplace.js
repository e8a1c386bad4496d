// cardplace.js — where a piece stands, on its card (docs/page.md): its position and
// facing in the table's unit (the scenario's file unit, the one its players measure
// in), and the distances that matter to it now: to its commander, and to each officer
// of its side whose zone or radius (the map's overlays: the rounded rectangle drawn at
// the rule's reach around his base) it is in, or its commander's when it is out of it.
// Edge to edge, as every measure is (geom.js); what the server drew decides the reach,
// the page only measures.
import { t } from './i18n.js';
import { baseDistance } from './geom.js';
import { tableUnit, mmPer } from './measurepad.js';
import { piece, map } from './state.js';

// The zones and radii the map draws: [{owner, reach (mm), kind: 'zone'|'radius'}].
function overlays() {
  const svg = map && map.svg;
  if (!svg) return [];
  const depth = map.depth();
  const centres = new Map();
  for (const g of svg.querySelectorAll('g.officer'))
    centres.set(`${Math.round(Number(g.dataset.x))},${Math.round(depth - Number(g.dataset.y))}`, g.dataset.piece);
  const out = [];
  for (const r of svg.querySelectorAll('#overlays rect[class$="-zone"], #overlays rect[class$="-radius"]')) {
    const m = /rotate\(\s*[-\d.]+[\s,]+([-\d.]+)[\s,]+([-\d.]+)\s*\)/.exec(r.getAttribute('transform') || '');
    const owner = r.dataset.officer || (m && centres.get(`${Math.round(Number(m[1]))},${Math.round(Number(m[2]))}`));
    if (!owner) continue;
    out.push({ owner, reach: Number(r.getAttribute('rx')) || 0, kind: /-zone$/.test(r.getAttribute('class')) ? 'zone' : 'radius' });
  }
  return out;
}

// [[key, label, text or lines]] for the card (key: data-place, for the tests).
export function placeRows(p) {
  const unit = tableUnit();
  const per = mmPer(unit);
  const len = (mm) => `${(mm / per).toFixed(1)} ${unit}`;
  const rows = [['position', t('position'), `${(p.x / per).toFixed(1)}, ${(p.y / per).toFixed(1)} ${unit}`],
    ['facing', t('facing'), `${Math.round(Number(p.facing) || 0)}°`]];
  const boss = p.kind === 'unit' ? p.parent : p.superior;
  const cmd = boss ? piece(boss) : null;
  const lines = [];
  if (cmd) lines.push(t('to {0}, its commander: {1}', cmd.name || cmd.id, len(baseDistance(p, cmd))));
  for (const z of overlays()) {
    const o = z.owner !== p.id ? piece(z.owner) : null;
    if (!o || o.side !== p.side) continue;
    const d = baseDistance(p, o);
    const inside = d <= z.reach + 0.01;
    if (!inside && z.owner !== boss) continue;
    const what = z.kind === 'zone'
      ? (inside ? t('in {0}\'s zone ({1}): {2} from him', o.name || o.id, len(z.reach), len(d))
        : t('out of {0}\'s zone ({1}): {2} from him', o.name || o.id, len(z.reach), len(d)))
      : (inside ? t('within {0}\'s radius ({1}): {2} from him', o.name || o.id, len(z.reach), len(d))
        : t('beyond {0}\'s radius ({1}): {2} from him', o.name || o.id, len(z.reach), len(d)));
    lines.push(what);
  }
  if (lines.length) rows.push(['distances', t('distances'), lines]);
  return rows;
}
