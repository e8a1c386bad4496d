// map.js — the server's SVG map of the table, with pan, pinch zoom and selection.
//
// The SVG is the game's map for this seat (GET map.svg), put in the page as it came:
// the page draws nothing of the game itself, it only moves the view box (pan, zoom)
// and marks the selected piece. Pieces are the SVG's <g class="unit|officer"
// id="unit-ID|officer-ID">. One pointer drags; two pinch; a tap (little movement)
// selects the piece under it; the wheel zooms; the keyboard pans (arrows) and zooms
// (+ -), and Tab/Enter reach every piece through the list the page keeps beside it.
const SVGNS = 'http://www.w3.org/2000/svg';

export class MapView {
  constructor(host, onSelect) {
    this.host = host;
    this.onSelect = onSelect;
    this.svg = null;
    this.full = null;   // the SVG's own view box {x, y, w, h}
    this.view = null;   // the view box shown now
    this.selected = '';
    this.pointers = new Map();
    this.gesture = null;
    host.addEventListener('pointerdown', (e) => this.down(e));
    host.addEventListener('pointermove', (e) => this.move(e));
    host.addEventListener('pointerup', (e) => this.up(e));
    host.addEventListener('pointercancel', (e) => this.up(e, true));
    host.addEventListener('wheel', (e) => this.wheel(e), { passive: false });
    host.addEventListener('keydown', (e) => this.key(e));
    new ResizeObserver(() => this.apply()).observe(host);
  }

  // Puts new SVG text in place, keeping the view box and the selection.
  show(text) {
    const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
    const root = doc.documentElement;
    if (!root || root.nodeName !== 'svg') return;
    // The map is the server's own drawing; still, nothing in it may run: no scripts, no
    // foreign HTML, no event handlers, no javascript: links.
    for (const s of root.querySelectorAll('script, foreignObject, iframe')) s.remove();
    for (const e of root.querySelectorAll('*'))
      for (const a of [...e.attributes])
        if (/^on/i.test(a.name) || (/href$/i.test(a.name) && /^\s*javascript:/i.test(a.value))) e.removeAttribute(a.name);
    const svg = document.importNode(root, true);
    svg.removeAttribute('width');
    svg.removeAttribute('height');
    svg.setAttribute('preserveAspectRatio', 'xMidYMid meet');
    svg.setAttribute('role', 'img');
    const vb = (root.getAttribute('viewBox') || '0 0 1000 1000').split(/[\s,]+/).map(Number);
    const full = { x: vb[0], y: vb[1], w: vb[2], h: vb[3] };
    const same = this.full && ['x', 'y', 'w', 'h'].every((k) => this.full[k] === full[k]);
    this.full = full;
    if (!same || !this.view) this.view = { ...full };
    this.host.replaceChildren(svg);
    this.svg = svg;
    this.apply();
    this.mark(this.selected);
  }

  // The ids of the pieces drawn: [{id, kind, side, title}].
  pieces() {
    if (!this.svg) return [];
    return [...this.svg.querySelectorAll('g.unit, g.officer')].map((g) => ({
      id: g.id.replace(/^(unit|officer)-/, ''),
      kind: g.classList.contains('unit') ? 'unit' : 'officer',
      side: g.dataset.side || '',
      title: (g.querySelector('title') || {}).textContent || '',
    }));
  }

  element(id) {
    if (!this.svg || !id) return null;
    return this.svg.getElementById(`unit-${id}`) || this.svg.getElementById(`officer-${id}`);
  }

  // Marks the piece (a ring around it); '' clears the mark.
  mark(id) {
    this.selected = id;
    if (!this.svg) return;
    for (const c of ['grog-selected', 'grog-link', 'grog-zone'])
      for (const old of this.svg.querySelectorAll(`.${c}`)) old.classList.remove(c);
    const old = this.svg.getElementById('grog-ring');
    if (old) old.remove();
    const g = this.element(id);
    if (!g) return;
    g.classList.add('grog-selected');
    // The ring goes inside the piece's group, so that it shares its coordinates
    // (the map may flip or rotate the table): centred on the piece's own box.
    const box = g.getBBox();
    const ring = document.createElementNS(SVGNS, 'circle');
    ring.id = 'grog-ring';
    ring.setAttribute('cx', box.x + box.width / 2);
    ring.setAttribute('cy', box.y + box.height / 2);
    ring.setAttribute('r', Math.max(box.width, box.height) / 2 + Math.max(this.full.w, this.full.h) / 80);
    ring.setAttribute('class', 'grog-ring');
    g.appendChild(ring);
    this.markReach(id, box);
  }

  // The selected piece's lines to its superior and subordinates, and its zones and
  // radii (the overlays centred on it: a zone carries data-officer when the map says
  // whose it is, else it is known by its centre, the officer's).
  markReach(id, box) {
    for (const l of this.svg.querySelectorAll('line.link'))
      if (l.dataset.from === id || l.dataset.to === id) l.classList.add('grog-link');
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    for (const z of this.svg.querySelectorAll('#overlays [class]')) {
      if (z.dataset.officer) {
        if (z.dataset.officer === id) z.classList.add('grog-zone');
        continue;
      }
      const m = /rotate\(\s*[-\d.]+[\s,]+([-\d.]+)[\s,]+([-\d.]+)\s*\)/.exec(z.getAttribute('transform') || '');
      if (m && Math.abs(Number(m[1]) - cx) < 1 && Math.abs(Number(m[2]) - cy) < 1) z.classList.add('grog-zone');
    }
  }

  // Centres the view on the piece, keeping the zoom.
  centre(id) {
    const g = this.element(id);
    if (!g || !this.view) return;
    const r = g.getBoundingClientRect();
    const p = this.toSvg(r.left + r.width / 2, r.top + r.height / 2);
    this.view.x = p.x - this.view.w / 2;
    this.view.y = p.y - this.view.h / 2;
    this.apply();
  }

  apply() {
    if (!this.svg || !this.view) return;
    this.clamp();
    const v = this.view;
    this.svg.setAttribute('viewBox', `${v.x} ${v.y} ${v.w} ${v.h}`);
  }

  // The view stays within the table (with its margin) and between 1x and 12x.
  clamp() {
    const f = this.full;
    const v = this.view;
    const ratio = v.h / v.w;
    v.w = Math.min(Math.max(v.w, f.w / 12), f.w);
    v.h = v.w * ratio;
    v.x = Math.min(Math.max(v.x, f.x - v.w / 2), f.x + f.w - v.w / 2);
    v.y = Math.min(Math.max(v.y, f.y - v.h / 2), f.y + f.h - v.h / 2);
  }

  reset() {
    if (this.full) this.view = { ...this.full };
    this.apply();
  }

  // The SVG units per screen pixel, and a screen point in SVG units.
  scale() {
    const r = this.host.getBoundingClientRect();
    return Math.max(this.view.w / r.width, this.view.h / r.height);
  }

  toSvg(cx, cy) {
    const r = this.host.getBoundingClientRect();
    const s = this.scale();
    const ox = this.view.x + this.view.w / 2 - (r.width * s) / 2;
    const oy = this.view.y + this.view.h / 2 - (r.height * s) / 2;
    return { x: ox + (cx - r.left) * s, y: oy + (cy - r.top) * s };
  }

  // Zooms by factor k about the screen point (cx, cy).
  zoom(k, cx, cy) {
    if (!this.view) return;
    const r = this.host.getBoundingClientRect();
    if (cx === undefined) {
      cx = r.left + r.width / 2;
      cy = r.top + r.height / 2;
    }
    const p = this.toSvg(cx, cy);
    this.view.x = p.x - (p.x - this.view.x) / k;
    this.view.y = p.y - (p.y - this.view.y) / k;
    this.view.w /= k;
    this.view.h /= k;
    this.apply();
  }

  pan(dx, dy) {
    const s = this.scale();
    this.view.x -= dx * s;
    this.view.y -= dy * s;
    this.apply();
  }

  down(e) {
    if (!this.view) return;
    this.host.setPointerCapture(e.pointerId);
    this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (this.pointers.size === 1)
      this.gesture = { x: e.clientX, y: e.clientY, moved: 0, target: e.target };
    else
      this.gesture = { pinch: this.spread(), moved: 99 };
  }

  spread() {
    const [a, b] = [...this.pointers.values()];
    return { d: Math.hypot(a.x - b.x, a.y - b.y), x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
  }

  move(e) {
    const p = this.pointers.get(e.pointerId);
    if (!p || !this.gesture) return;
    const dx = e.clientX - p.x;
    const dy = e.clientY - p.y;
    p.x = e.clientX;
    p.y = e.clientY;
    if (this.pointers.size >= 2) {
      const now = this.spread();
      const was = this.gesture.pinch || now;
      if (was.d > 0) this.zoom(now.d / was.d, now.x, now.y);
      this.pan(now.x - was.x, now.y - was.y);
      this.gesture.pinch = now;
      return;
    }
    this.gesture.moved += Math.abs(dx) + Math.abs(dy);
    if (this.gesture.moved > 6) this.pan(dx, dy);
  }

  up(e, cancelled) {
    const g = this.gesture;
    this.pointers.delete(e.pointerId);
    if (this.pointers.size > 0) return;
    this.gesture = null;
    if (cancelled || !g || g.moved > 6) return;
    const piece = g.target && g.target.closest ? g.target.closest('g.unit, g.officer') : null;
    this.onSelect(piece ? piece.id.replace(/^(unit|officer)-/, '') : '');
  }

  wheel(e) {
    e.preventDefault();
    this.zoom(e.deltaY < 0 ? 1.2 : 1 / 1.2, e.clientX, e.clientY);
  }

  key(e) {
    const step = 40;
    const moves = { ArrowLeft: [step, 0], ArrowRight: [-step, 0], ArrowUp: [0, step], ArrowDown: [0, -step] };
    if (moves[e.key]) this.pan(...moves[e.key]);
    else if (e.key === '+' || e.key === '=') this.zoom(1.25);
    else if (e.key === '-') this.zoom(1 / 1.25);
    else if (e.key === '0') this.reset();
    else return;
    e.preventDefault();
  }
}
