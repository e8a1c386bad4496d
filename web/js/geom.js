// geom.js — bases on the table, as include/grognard/geom.h has them: a rectangle given by
// its centre (x, y, mm, y up), its width (the front edge), its depth and its facing in
// degrees clockwise from +y. Distances are edge to edge (0 when the bases touch or
// overlap), the distance every measure uses; the page shows them on the card only: the
// engine measures for itself, and the table's tape has the last word.

// The four corners: front-left, front-right, rear-right, rear-left.
export function corners(b) {
  const r = (Number(b.facing) || 0) * Math.PI / 180;
  const f = { x: Math.sin(r), y: Math.cos(r) };     // forward
  const s = { x: Math.cos(r), y: -Math.sin(r) };    // right
  const hw = (Number(b.width) || 0) / 2;
  const hd = (Number(b.depth) || 0) / 2;
  const at = (a, c) => ({ x: b.x + a * s.x + c * f.x, y: b.y + a * s.y + c * f.y });
  return [at(-hw, hd), at(hw, hd), at(hw, -hd), at(-hw, -hd)];
}

function segmentDistance(p, a, b) {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len = dx * dx + dy * dy;
  const t = len > 0 ? Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len)) : 0;
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

// Whether point p is inside the convex polygon (corners in order, either way round).
export function inside(poly, p) {
  let sign = 0;
  for (let i = 0; i < poly.length; i++) {
    const a = poly[i];
    const b = poly[(i + 1) % poly.length];
    const c = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x);
    if (c === 0) continue;
    if (sign === 0) sign = Math.sign(c);
    else if (Math.sign(c) !== sign) return false;
  }
  return true;
}

// The distance from a point to a polygon's outline, 0 inside it.
export function pointDistance(poly, p) {
  if (inside(poly, p)) return 0;
  let d = Infinity;
  for (let i = 0; i < poly.length; i++) d = Math.min(d, segmentDistance(p, poly[i], poly[(i + 1) % poly.length]));
  return d;
}

function crosses(a, b, c, d) {
  const o = (p, q, r) => Math.sign((q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x));
  return o(a, b, c) * o(a, b, d) < 0 && o(c, d, a) * o(c, d, b) < 0;
}

// Edge-to-edge distance between two bases ({x, y, width, depth, facing}), 0 when they
// touch or overlap.
export function baseDistance(a, b) {
  const p = corners(a);
  const q = corners(b);
  if (p.some((c) => inside(q, c)) || q.some((c) => inside(p, c))) return 0;
  let d = Infinity;
  for (let i = 0; i < 4; i++)
    for (let j = 0; j < 4; j++) {
      if (crosses(p[i], p[(i + 1) % 4], q[j], q[(j + 1) % 4])) return 0;
      d = Math.min(d, segmentDistance(p[i], q[j], q[(j + 1) % 4]), segmentDistance(q[j], p[i], p[(i + 1) % 4]));
    }
  return d;
}
