// mapdrag.js — the map's pieces under a finger: which piece a tap means, and a piece
// dragged or turned by hand (issue 24, docs/page.md "Moving pieces by hand").
//
// A tap means the piece whose base outline is nearest the finger, if it is within
// TAP_PX (22 CSS px) of it: every piece answers to at least 44 x 44 px around its
// centre however small it is drawn, and where two such areas overlap the nearer piece
// takes the tap. A drag begins only past DRAG_PX of movement, on a piece of the seat's
// own that is selected already or held still for LONG_MS (a long press); anywhere else
// the finger pans the map as before. While dragging, a second finger turns the piece by
// the turn of the line between the two fingers; the selected piece's handle (the knob in
// front of it) turns it alone. The page draws the piece where the finger takes it and
// asks the server for one ordinary `move` at the drop; the server decides: a refused move
// comes back with the map as it was, so the piece snaps back. Nothing here is the game's
// state: the SVG is redrawn from the server after every action.
const SVGNS = 'http://www.w3.org/2000/svg';
export const TAP_PX = 22;
export const DRAG_PX = 6;
export const LONG_MS = 450;
const HANDLE_PX = 26; // how far in front of the base the handle stands, in screen px

function points(poly) {
  const nums = (poly.getAttribute('points') || '').trim().split(/[\s,]+/).map(Number);
  const out = [];
  for (let i = 0; i + 1 < nums.length; i += 2) out.push({ x: nums[i], y: nums[i + 1] });
  return out;
}

function segment(p, a, b) {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len = dx * dx + dy * dy;
  const t = len > 0 ? Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len)) : 0;
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

function outlineDistance(poly, p) {
  let sign = 0;
  let inside = true;
  let d = Infinity;
  for (let i = 0; i < poly.length; i++) {
    const a = poly[i];
    const b = poly[(i + 1) % poly.length];
    const c = Math.sign((b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x));
    if (c !== 0 && sign !== 0 && c !== sign) inside = false;
    if (c !== 0) sign = c;
    d = Math.min(d, segment(p, a, b));
  }
  return inside ? 0 : d;
}

// The piece's centre in the SVG's units (the table's y is flipped: y = depth - y).
export function centreOf(g, depth) {
  return { x: Number(g.dataset.x), y: depth - Number(g.dataset.y) };
}

// The id of the piece a tap at SVG point p means, with s SVG units per pixel ('' none).
export function pieceAt(svg, p, s) {
  let best = '';
  let bestD = TAP_PX * s;
  for (const g of svg.querySelectorAll('g.unit, g.officer')) {
    const base = g.querySelector('.base');
    if (!base) continue;
    const d = outlineDistance(points(base), p);
    if (d <= bestD) {
      best = g.dataset.piece || g.id.replace(/^(unit|officer)-/, '');
      bestD = d;
    }
  }
  return best;
}

// Facing (degrees clockwise from north, the table's) of the direction from c to p in the
// SVG's units (north is up: -y).
export function facingTowards(c, p) {
  const a = Math.atan2(p.x - c.x, -(p.y - c.y)) * 180 / Math.PI;
  return (a + 360) % 360;
}

// The handle of a selected piece of the seat's own: a knob in front of its base, drawn
// inside its group (it moves and turns with it), sized for a finger at this zoom.
export function drawHandle(view, g) {
  const old = view.svg.getElementById('grog-handle');
  if (old) old.remove();
  if (!g) return;
  const s = view.scale();
  const c = centreOf(g, view.depth());
  const f = (Number(g.dataset.facing) || 0) * Math.PI / 180;
  const base = g.querySelector('.base');
  const box = base ? base.getBBox() : { width: 0, height: 0 };
  const reach = Math.max(box.width, box.height) / 2 + HANDLE_PX * s;
  const h = document.createElementNS(SVGNS, 'g');
  h.id = 'grog-handle';
  h.setAttribute('class', 'grog-handle');
  const x = c.x + reach * Math.sin(f);
  const y = c.y - reach * Math.cos(f);
  const line = document.createElementNS(SVGNS, 'line');
  for (const [k, v] of Object.entries({ x1: c.x, y1: c.y, x2: x, y2: y })) line.setAttribute(k, v);
  line.setAttribute('class', 'grog-handle-line');
  const hit = document.createElementNS(SVGNS, 'circle');
  for (const [k, v] of Object.entries({ cx: x, cy: y, r: TAP_PX * s })) hit.setAttribute(k, v);
  hit.setAttribute('class', 'grog-handle-hit');
  const knob = document.createElementNS(SVGNS, 'circle');
  for (const [k, v] of Object.entries({ cx: x, cy: y, r: 9 * s })) knob.setAttribute(k, v);
  knob.setAttribute('class', 'grog-handle-knob');
  h.append(line, hit, knob);
  g.appendChild(h);
}

// Draws piece g (and its label) moved by (dx, dy) SVG units and turned by `turn`
// degrees about its centre; (0, 0, 0) puts it back.
export function place(view, id, g, dx, dy, turn) {
  const c = centreOf(g, view.depth());
  const tf = dx || dy || turn ? `translate(${dx} ${dy}) rotate(${turn} ${c.x} ${c.y})` : '';
  const label = view.svg.querySelector(`g.label[data-for="${CSS.escape(id)}"]`);
  for (const e of [g, label]) {
    if (!e) continue;
    if (tf) e.setAttribute('transform', e === g ? tf : `translate(${dx} ${dy})`);
    else e.removeAttribute('transform');
  }
  g.classList.toggle('grog-dragging', !!tf);
}

// The words of the move a drag made: `move ID Xmm Ymm [FACING]` when it went somewhere
// (the place in the table's mm, y up), `move ID turn D` when it only turned; null when
// it did neither.
export function moveWords(id, g, dx, dy, turn) {
  const x = Number(g.dataset.x) + dx;
  const y = Number(g.dataset.y) - dy;
  const facing = Number(g.dataset.facing) || 0;
  const d = Math.round(turn);
  const turned = ((d % 360) + 360) % 360 !== 0;
  if (Math.hypot(dx, dy) < 0.05) {
    if (!turned) return null;
    return ['move', id, 'turn', String(d > 180 ? d - 360 : d < -180 ? d + 360 : d)];
  }
  const words = ['move', id, `${x.toFixed(1)}mm`, `${y.toFixed(1)}mm`];
  if (turned) words.push(String((((Math.round(facing + d)) % 360) + 360) % 360));
  return words;
}
