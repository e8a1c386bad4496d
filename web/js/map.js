// map.js — the server's SVG map of the table, with pan, pinch zoom and selection.
//
// The SVG is the game's map for this seat (GET map.svg), put in the page as it came:
// the page draws nothing of the game itself, it only moves the view box (pan, zoom)
// and marks the selected piece. Pieces are the SVG's <g class="unit|officer"
// id="unit-ID|officer-ID" data-piece="ID">. One pointer pans; two pinch; a tap (little
// movement) selects the piece nearest it (mapdrag.js: at least 44 x 44 px each); a
// selected piece of the seat's own, or one held still (a long press), is dragged
// instead, and turned with its handle or a second finger: the drop is one `move`
// (onMove), which the server takes or refuses. The wheel zooms; the keyboard pans
// (arrows) and zooms (+ -), and Tab/Enter reach every piece through the list the page
// keeps beside it.
import { pieceAt, drawHandle, place, moveWords, facingTowards, centreOf, DRAG_PX, LONG_MS } from './mapdrag.js';

const SVGNS = 'http://www.w3.org/2000/svg';

export class MapView {
  constructor(host, onSelect) {
    this.host = host;
    this.onSelect = onSelect;
    this.onMove = null;           // (words) => the drop's move, sent by the page
    this.movable = () => false;   // (id) => whether this seat may move the piece now
    this.pending = null;          // an SVG that came during a drag, shown at the drop
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
    if (this.gesture && this.gesture.drag) {
      this.pending = text;
      return;
    }
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

  // The table's depth (the SVG's y is flipped: y = depth - table y).
  depth() {
    return Number(this.svg && this.svg.dataset.tableDepth) || 0;
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
    drawHandle(this, this.movable(id) ? g : null);
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

  // Zooms to the piece: close enough that its label is at least LABEL_PX (12) px high
  // (and never further out than now), centred on it.
  zoomTo(id) {
    const g = this.element(id);
    if (!g || !this.view) return;
    const label = this.svg.querySelector(`g.label[data-for="${CSS.escape(id)}"] text`);
    const font = Number(label && label.getAttribute('font-size')) || this.full.w / 100;
    const r = this.host.getBoundingClientRect();
    const want = font / 12; // SVG units per pixel for a 12 px label
    const s = Math.min(this.scale(), want);
    const ratio = r.height / r.width || 1;
    this.view.w = r.width * s;
    this.view.h = this.view.w * ratio;
    const c = centreOf(g, this.depth());
    this.view.x = c.x - this.view.w / 2;
    this.view.y = c.y - this.view.h / 2;
    this.apply();
    this.mark(this.selected);
  }

  // The view around pieces (ids): their bounding box with a margin, no closer than the
  // zoom that shows a 12 px label (a side opens on its own pieces, docs/page.md).
  fit(ids) {
    if (!this.svg || !this.view || !ids.length) return;
    let box = null;
    for (const id of ids) {
      const g = this.element(id);
      if (!g) continue;
      const c = centreOf(g, this.depth());
      box = box ? { x0: Math.min(box.x0, c.x), y0: Math.min(box.y0, c.y), x1: Math.max(box.x1, c.x), y1: Math.max(box.y1, c.y) }
        : { x0: c.x, y0: c.y, x1: c.x, y1: c.y };
    }
    if (!box) return;
    const r = this.host.getBoundingClientRect();
    const pad = Math.max(this.full.w, this.full.h) / 20;
    const s = Math.max((box.x1 - box.x0 + 2 * pad) / r.width, (box.y1 - box.y0 + 2 * pad) / r.height);
    this.view.w = r.width * s;
    this.view.h = r.height * s;
    this.view.x = (box.x0 + box.x1) / 2 - this.view.w / 2;
    this.view.y = (box.y0 + box.y1) / 2 - this.view.h / 2;
    this.apply();
  }

  apply() {
    if (!this.svg || !this.view) return;
    this.clamp();
    const v = this.view;
    this.svg.setAttribute('viewBox', `${v.x} ${v.y} ${v.w} ${v.h}`);
    if (this.selected && !(this.gesture && (this.gesture.drag || this.gesture.handle))) {
      const g = this.element(this.selected);
      drawHandle(this, g && this.movable(this.selected) ? g : null);
    }
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
    const g = this.gesture;
    if (this.pointers.size === 1) {
      const p = this.toSvg(e.clientX, e.clientY);
      const id = pieceAt(this.svg, p, this.scale());
      const onHandle = e.target && e.target.closest && e.target.closest('.grog-handle');
      const mine = id && this.movable(id);
      this.gesture = { x: e.clientX, y: e.clientY, moved: 0, piece: id, dx: 0, dy: 0, turn: 0 };
      if (onHandle && this.movable(this.selected)) {
        this.gesture.handle = this.selected;
        this.gesture.piece = this.selected;
      } else if (mine && id === this.selected) {
        this.gesture.grab = id; // a drag once past DRAG_PX
      } else if (mine) {
        const at = this.gesture;
        at.timer = setTimeout(() => {
          if (this.gesture !== at || at.moved > DRAG_PX || this.pointers.size !== 1) return;
          at.grab = id;
          at.drag = id;
          at.longPress = true;
          this.onSelect(id);
          if (navigator.vibrate) navigator.vibrate(20);
        }, LONG_MS);
      }
    } else if (g && g.drag && this.pointers.size === 2) {
      g.twist = { a: this.angle(), turn: g.turn };
    } else {
      if (g && g.timer) clearTimeout(g.timer);
      this.gesture = { pinch: this.spread(), moved: 99 };
    }
  }

  spread() {
    const [a, b] = [...this.pointers.values()];
    return { d: Math.hypot(a.x - b.x, a.y - b.y), x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
  }

  // The angle of the line between the first two fingers, degrees clockwise on the screen.
  angle() {
    const [a, b] = [...this.pointers.values()];
    return Math.atan2(b.x - a.x, -(b.y - a.y)) * 180 / Math.PI;
  }

  move(e) {
    const p = this.pointers.get(e.pointerId);
    const g = this.gesture;
    if (!p || !g) return;
    const dx = e.clientX - p.x;
    const dy = e.clientY - p.y;
    p.x = e.clientX;
    p.y = e.clientY;
    if (g.drag && g.twist && this.pointers.size >= 2) {
      g.turn = g.twist.turn + (this.angle() - g.twist.a);
      place(this, g.drag, this.element(g.drag), g.dx, g.dy, g.turn);
      return;
    }
    if (this.pointers.size >= 2) {
      const now = this.spread();
      const was = g.pinch || now;
      if (was.d > 0) this.zoom(now.d / was.d, now.x, now.y);
      this.pan(now.x - was.x, now.y - was.y);
      g.pinch = now;
      return;
    }
    g.moved += Math.abs(dx) + Math.abs(dy);
    if (g.handle) {
      const el = this.element(g.handle);
      const c = centreOf(el, this.depth());
      const want = facingTowards(c, this.toSvg(e.clientX, e.clientY));
      g.spin = want - (Number(el.dataset.facing) || 0);
      place(this, g.handle, el, 0, 0, g.spin);
      return;
    }
    if (g.grab && (g.drag || g.moved > DRAG_PX)) {
      if (!g.drag) g.drag = g.grab;
      const s = this.scale();
      g.dx += dx * s;
      g.dy += dy * s;
      place(this, g.drag, this.element(g.drag), g.dx, g.dy, g.turn);
      return;
    }
    if (g.moved > DRAG_PX) {
      if (g.timer) clearTimeout(g.timer);
      this.pan(dx, dy);
    }
  }

  up(e, cancelled) {
    const g = this.gesture;
    this.pointers.delete(e.pointerId);
    if (g && g.drag && g.twist && this.pointers.size === 1) {
      g.twist = null; // one finger left: it goes on dragging
      return;
    }
    if (this.pointers.size > 0) return;
    this.gesture = null;
    if (g && g.timer) clearTimeout(g.timer);
    if (g && (g.drag || g.handle)) return this.drop(g, cancelled);
    if (cancelled || !g || g.moved > DRAG_PX) return;
    this.onSelect(g.piece || '');
  }

  // The end of a drag or a turn: the piece's move asked of the server (the server
  // redraws the map; refused, the map comes back as it was), or put back if cancelled.
  drop(g, cancelled) {
    const id = g.drag || g.handle;
    const el = this.element(id);
    const words = !cancelled && el
      ? (g.drag ? moveWords(id, el, g.dx, g.dy, g.turn || 0) : moveWords(id, el, 0, 0, g.spin || 0))
      : null;
    if (this.pending !== null) {
      const text = this.pending;
      this.pending = null;
      this.show(text);
    }
    if (!words) {
      if (el && el.isConnected) place(this, id, el, 0, 0, 0);
      if (!g.drag && !cancelled && g.moved <= DRAG_PX) this.onSelect(id);
      return;
    }
    if (this.onMove) this.onMove(words, id);
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
