// handmap.test.mjs — pieces moved by hand on a phone (issue 24, parts 2 and 3;
// docs/page.md "Moving pieces by hand", "The map on a phone"): at 390 x 844 with touch,
// a side opens on its own pieces with the legend folded; choosing a piece in the list
// zooms to it (labels of at least 11 px); a tap within 20 px of a piece's centre takes it
// (tap targets of 44 x 44 px measured); the card gives its position, facing and the
// distances that matter; a selected piece is dragged with a finger, one `move` is
// journaled and the other side sees it; a long press drags an unselected one; the
// handle turns it; a drop off the table is refused and the piece snaps back; the other
// side's pieces do not drag (the map pans) and their moves are refused for a side's
// token, allowed for the referee's; the move form's relative forms, and its boxes keep
// focus and text from one to the next. Values worked by hand on the bundled Bussaco
// (gdb, lengths in cm): Pack (1190, 950) mm, facing 180, 35.0 cm from Picton, beyond
// his 30 cm radius (GDB-09). Screenshots: build/screens/handmap-*.png.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, serve, device, overflows, smallTargets, shot, until, PHONE } from './harness.mjs';

let browser = null;
let skip = '';
useBrowser((b, why) => { browser = b; skip = why; });

// A piece's centre on the screen (its base's box), once the map drawn after the last
// action is in place (a map being replaced has no boxes).
async function centre(page, id) {
  const h = await page.waitForFunction((x) => {
    const b = document.querySelector(`#map g[data-piece="${x}"] .base`);
    const r = b && b.isConnected ? b.getBoundingClientRect() : null;
    return r && r.width > 0 ? { x: r.left + r.width / 2, y: r.top + r.height / 2 } : null;
  }, id, { timeout: 10000 });
  return h.jsonValue();
}

// A finger on the screen (Chromium's touch events, which make the pointer events).
async function finger(page) {
  const cdp = await page.context().newCDPSession(page);
  const send = (type, pts) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: pts.map(([x, y], id) => ({ x, y, id })) });
  return {
    // hold: a long press, held until the page has picked the piece up (it selects it),
    // as a player waits for it before moving (a busy page may take longer than the
    // 450 ms; a finger that moves first pans the map instead).
    // pause: held still that long whatever happens (a long press on a piece the page
    // must not pick up).
    async drag(from, to, { hold = '', pause = 0, steps = 8 } = {}) {
      await send('touchStart', [[from.x, from.y]]);
      if (hold) await until(page, (id) => !!document.querySelector(`.card[data-piece="${id}"]`), hold);
      if (pause) await page.waitForTimeout(pause);
      for (let i = 1; i <= steps; i++)
        await send('touchMove', [[from.x + ((to.x - from.x) * i) / steps, from.y + ((to.y - from.y) * i) / steps]]);
      await send('touchEnd', []);
    },
  };
}

async function selected(page) {
  return page.$eval('#pane-piece', (p) => (p.querySelector('.card[data-piece]') || { dataset: {} }).dataset.piece || '');
}

async function gameOf(server, seat) {
  const r = await server.api(seat, 'GET', 'game');
  return r.json;
}

function pieceIn(game, id) {
  return [...game.officers, ...game.units].find((p) => p.id === id);
}

test('gdb on two phones: a side drags, turns and places its pieces by hand; the other side sees it', async (t) => {
  if (skip) return t.skip(skip);
  const server = await serve('gdb', 1810);
  try {
    const british = await device(browser, PHONE, server.url('anglo-portuguese'), 'british');
    const french = await device(browser, PHONE, server.url('french'), 'french');

    // Opened on its own pieces: the view is narrower than the table, and holds them.
    const view = await british.$eval('#map svg', (s) => {
      const vb = s.getAttribute('viewBox').split(' ').map(Number);
      return { w: vb[2], tw: Number(s.dataset.tableWidth) };
    });
    assert.ok(view.w < view.tw, `a side opens on its pieces, not the whole table (${view.w} of ${view.tw})`);
    // The legend is folded on a phone, and the button shows it.
    assert.equal(await british.$eval('#legend', (g) => getComputedStyle(g).display), 'none');
    await british.click('#legend-toggle');
    assert.notEqual(await british.$eval('#legend', (g) => getComputedStyle(g).display), 'none');
    await shot(british, 'handmap-opened-legend-phone');
    await british.click('#legend-toggle');

    // Chosen in the list: the map zooms to Pack, his label at least 11 px high.
    await british.click('#pane-piece [data-piece="pack"]');
    await british.waitForSelector('.card[data-piece="pack"]');
    const labelPx = await british.$eval('#map g.label[data-for="pack"] text', (e) =>
      Number(e.getAttribute('font-size')) * e.getScreenCTM().a);
    assert.ok(labelPx >= 11, `Pack's label is ${labelPx.toFixed(1)} px`);
    // The card: where he stands, and how far from Picton (35.0 cm, beyond the 30 cm).
    assert.equal(await british.textContent('.card [data-place="position"]'), '119.0, 95.0 cm');
    assert.equal(await british.textContent('.card [data-place="facing"]'), '180°');
    const dist = await british.textContent('.card [data-place="distances"]');
    assert.match(dist, /Picton, its commander: 35\.0 cm/);
    assert.match(dist, /beyond .*Picton's radius \(30\.0 cm\): 35\.0 cm/);
    await shot(british, 'handmap-card-phone');

    // Tap targets: 8 taps on the edge of a 40 x 40 px square about his centre take Pack.
    await british.click('[data-words="move"]'); // the draft keeps Pack chosen
    for (const [dx, dy] of [[20, 0], [-20, 0], [0, 20], [0, -20], [20, 20], [-20, 20], [20, -20], [-20, -20]]) {
      const c = await centre(british, 'pack');
      await british.touchscreen.tap(c.x + dx, c.y + dy);
      await until(british, () => !!document.querySelector('.card[data-piece="pack"]'));
      assert.equal(await selected(british), 'pack', `a tap ${dx}, ${dy} px from Pack's centre`);
    }
    const base = await british.$eval('#map g[data-piece="pack"] .base', (b) => {
      const r = b.getBoundingClientRect();
      return Math.min(r.width, r.height);
    });
    assert.ok(base < 44, `the drawn base (${base.toFixed(1)} px) is smaller than its tap area`);

    // A drag of the selected piece: one move, journaled; the other side sees it.
    const s = await british.$eval('#map svg', (svg) => {
      const vb = svg.getAttribute('viewBox').split(' ').map(Number);
      const r = svg.getBoundingClientRect();
      return Math.max(vb[2] / r.width, vb[3] / r.height);
    });
    const before = await gameOf(server, 'referee');
    const c = await centre(british, 'pack');
    const f = await finger(british);
    await f.drag(c, { x: c.x - 60, y: c.y - 30 });
    await until(british, () => /moves to/.test(document.querySelector('#result').textContent));
    const after1 = await gameOf(server, 'referee');
    assert.equal(after1.actions, before.actions + 1, 'one action journaled');
    const pack = pieceIn(after1, 'pack');
    assert.ok(Math.abs(pack.x - (1190 - 60 * s)) < 1, `x ${pack.x}, wanted ${1190 - 60 * s}`);
    assert.ok(Math.abs(pack.y - (950 + 30 * s)) < 1, `y ${pack.y} (up the screen is up the table)`);
    assert.equal(pack.facing, 180);
    await french.click('#tab-log');
    await until(french, () => /Pack.*moves to/.test(document.querySelector('#pane-log').textContent));
    await shot(british, 'handmap-dragged-phone');
    await shot(french, 'handmap-seen-by-the-other-side-phone');

    // The handle turns him: dragged to his right (east on the map, 90 clockwise from his
    // facing south... the knob goes from south of him round to west): `move pack turn`.
    await until(british, () => !!document.querySelector('#grog-handle .grog-handle-hit'));
    const knob = await british.$eval('#grog-handle .grog-handle-hit', (k) => {
      const r = k.getBoundingClientRect();
      return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
    });
    const pc = await centre(british, 'pack');
    const radius = Math.hypot(knob.x - pc.x, knob.y - pc.y);
    await f.drag(knob, { x: pc.x - radius, y: pc.y });
    await until(british, () => /facing 270/.test(document.querySelector('#result').textContent));
    assert.equal(pieceIn(await gameOf(server, 'french'), 'pack').facing, 270);
    await until(british, () => (document.querySelector('#map g[data-piece="pack"]') || { dataset: {} }).dataset.facing === '270.00');

    // A long press drags a piece that was not selected (the battery, beside Pack).
    const bat = await centre(british, 'pt-battery');
    const n = (await gameOf(server, 'referee')).actions;
    await f.drag(bat, { x: bat.x, y: bat.y + 40 }, { hold: 'pt-battery' });
    await until(british, () => /battery moves to/.test(document.querySelector('#result').textContent));
    const battery = pieceIn(await gameOf(server, 'referee'), 'pt-battery');
    assert.equal((await gameOf(server, 'referee')).actions, n + 1);
    assert.ok(Math.abs(battery.y - (840 - 40 * s)) < 1, `the battery's y ${battery.y}`);
    assert.equal(await selected(british), 'pt-battery');

    // Off the table: refused, nothing written, the piece back where it was (the whole
    // table in view: 200 px to the left of Picton is far beyond the table's edge).
    await british.click('#menu-button');
    await british.click('#whole');
    const n2 = (await gameOf(server, 'referee')).actions;
    const pp = await centre(british, 'picton');
    const x0 = await british.$eval('#map g[data-piece="picton"]', (g) => g.dataset.x);
    await f.drag(pp, { x: pp.x - 200, y: pp.y }, { hold: 'picton' });
    await until(british, () => !!document.querySelector('#result .line.error'));
    assert.equal((await gameOf(server, 'referee')).actions, n2, 'nothing written');
    // off the left edge says so, with the table's size, as the right and top edges do
    // (it said "a length cannot be negative")
    const said = await british.$eval('#result .line.error', (e) => e.textContent);
    assert.match(said, /mm is off the table: x from 0 to 1800 mm, y from 0 to 1200 mm/, said);
    assert.doesNotMatch(said, /negative/, said);
    await until(british, () => !document.querySelector('#map .grog-dragging'));
    assert.equal(await british.$eval('#map g[data-piece="picton"]', (g) => g.dataset.x), x0);
    await shot(british, 'handmap-refused-phone');

    // The other side's pieces do not drag: a long press on a French piece pans the map.
    const n3 = (await gameOf(server, 'referee')).actions;
    await british.click('#tab-piece');
    await british.click('#pane-piece button:has-text("Clear selection")').catch(() => {});
    const vb0 = await british.$eval('#map svg', (x) => x.getAttribute('viewBox'));
    const enemy = await centre(british, 'fr-2leger');
    await f.drag(enemy, { x: enemy.x + 60, y: enemy.y }, { pause: 700 });
    assert.equal((await gameOf(server, 'referee')).actions, n3, 'a drag on a French piece moved nothing');
    assert.notEqual(await british.$eval('#map svg', (x) => x.getAttribute('viewBox')), vb0, 'the map panned');
    // Their moves: refused for the British token, in any form; allowed for the referee.
    for (const words of [['move', 'reynier', '90', '20'], ['move', 'reynier', 'forward', '5cm'],
                         ['move', 'reynier', 'to', 'pack', 'contact']]) {
      const r = await server.api('anglo-portuguese', 'POST', 'do', { words });
      assert.equal(r.status, 403, `${words.join(' ')}: ${r.text}`);
    }
    const ok = await server.api('referee', 'POST', 'do', { words: ['move', 'reynier', 'forward', '5cm'] });
    assert.equal(ok.status, 200, ok.text);
    assert.equal(pieceIn(await gameOf(server, 'referee'), 'reynier').y, 170);
    assert.deepEqual(await overflows(british), []);
    assert.deepEqual(await smallTargets(british), []);
    assert.deepEqual(british.errors, []);
    assert.deepEqual(french.errors, []);
  } finally {
    await server.stop();
  }
});

test('the move form: relative forms, and its boxes keep focus and text', async (t) => {
  if (skip) return t.skip(skip);
  const server = await serve('gdb', 1810);
  try {
    const british = await device(browser, PHONE, server.url('anglo-portuguese'), 'british');
    await british.click('#pane-piece [data-piece="br-74th"]');
    await british.waitForSelector('.card[data-piece="br-74th"]');
    await british.click('[data-words="move"]');
    // A place: typed into x, then a tap into y: x's text stays, y keeps the focus.
    await british.click('.draft input[data-arg="x"]');
    await british.keyboard.type('70');
    await british.click('.draft input[data-arg="y"]');
    await british.keyboard.type('8');
    await british.waitForTimeout(100);
    await british.keyboard.type('7');
    assert.equal(await british.$eval('.draft input[data-arg="x"]', (e) => e.value), '70');
    assert.equal(await british.$eval('.draft input[data-arg="y"]', (e) => e.value), '87');
    assert.equal(await british.evaluate(() => document.activeElement.dataset.arg), 'y');
    await shot(british, 'handmap-move-form-phone');
    // To the 1/45th, 5 cm edge to edge: (790, 880) mm.
    await british.click('.draft [data-arg="how"][data-choice="to"]');
    await british.selectOption('.draft select[data-arg="other"]', 'br-1-45th');
    await british.click('.draft input[data-arg="gap"]');
    await british.keyboard.type('5cm');
    await british.click('.draft .words');
    await until(british, () => document.querySelector('.draft .words').textContent === 'move br-74th to br-1-45th 5cm');
    await british.click('.draft [data-do="do"]');
    await until(british, () => /74th Foot moves to \(790, 880\) mm/.test(document.querySelector('#result').textContent));
    // Forward 12 cm (facing 180: south): (790, 760) mm.
    await british.click('[data-words="move"]');
    await british.click('.draft [data-arg="how"][data-choice="forward"]');
    await british.click('.draft input[data-arg="distance"]');
    await british.keyboard.type('12cm');
    await british.click('.draft .words');
    await until(british, () => document.querySelector('.draft .words').textContent === 'move br-74th forward 12cm');
    await british.click('.draft [data-do="do"]');
    await until(british, () => /moves to \(790, 760\) mm/.test(document.querySelector('#result').textContent));
    const g = (await server.api('referee', 'GET', 'game')).json;
    const u = g.units.find((x) => x.id === 'br-74th');
    assert.deepEqual([u.x, u.y, u.facing], [790, 760, 180]);
    assert.deepEqual(british.errors, []);
  } finally {
    await server.stop();
  }
});

// With a mouse (the referee's laptop, a tablet's), a click is a press and a release
// some 100 ms apart. The box just left took its value between the two and redrew the
// form, so the click on the next chip fell on a button that was no longer there: lost.
// And a box's text taken after another form's chip was pressed went into that form.
test('the move form with a mouse: a held click on a chip after typing is taken, and the text stays in its form', async (t) => {
  if (skip) return t.skip(skip);
  const server = await serve('gdb', 1810);
  try {
    const desk = await device(browser, { viewport: { width: 1024, height: 768 } }, server.url('anglo-portuguese'), 'british-mouse');
    await desk.click('#pane-piece [data-piece="br-74th"]');
    await desk.waitForSelector('.card[data-piece="br-74th"]');
    await desk.click('[data-words="move"]');
    await desk.click('.draft input[data-arg="x"]');
    await desk.keyboard.type('70');
    await desk.click('.draft input[data-arg="y"]');
    await desk.keyboard.type('87');
    const b = await desk.locator('.draft [data-arg="how"][data-choice="to"]').boundingBox();
    await desk.mouse.move(b.x + b.width / 2, b.y + b.height / 2);
    await desk.mouse.down();
    await desk.waitForTimeout(120);
    await desk.mouse.up();
    await desk.waitForSelector('.draft select[data-arg="other"]', { timeout: 2000 });
    await until(desk, () => document.querySelector('.draft .words').textContent === 'move br-74th to');
    // the place form again; x typed, then (in one go) the box left and "forward" pressed
    await desk.click('.draft [data-arg="how"][data-choice="place"]');
    await desk.click('.draft input[data-arg="x"]');
    await desk.keyboard.type('70');
    await desk.evaluate(() => {
      document.querySelector('.draft input[data-arg="x"]').blur();
      document.querySelector('.draft [data-arg="how"][data-choice="forward"]').click();
    });
    await desk.waitForTimeout(200);
    assert.equal(await desk.textContent('.draft .words'), 'move br-74th forward');
    assert.equal(await desk.locator('.draft input[data-arg="distance"]').count(), 1);
    await shot(desk, 'handmap-move-form-mouse');
    assert.deepEqual(desk.errors, []);
  } finally {
    await server.stop();
  }
});

test('aigles on a phone: a dragged piece is where the next test measures from', async (t) => {
  if (skip) return t.skip(skip);
  const server = await serve('aigles', 3);
  try {
    const british = await device(browser, PHONE, server.url('anglo-portuguese'), 'british');
    const french = await device(browser, PHONE, server.url('french'), 'french');
    // Pack stands 350 pas from Picton: out of his 150-pas zone (AIG-O-11), an ADC rides.
    const measured = async () => {
      const r = await server.api('anglo-portuguese', 'POST', 'preview', { words: ['order', 'picton', 'pack', 'attack'] });
      const rec = r.json.records[0].record || r.json.records[0];
      return rec.measures.find((m) => m.id === 'picton:pack');
    };
    assert.equal((await measured()).value, 350);
    await british.click('#pane-piece [data-piece="pack"]');
    await british.waitForSelector('.card[data-piece="pack"]');
    const s = await british.$eval('#map svg', (svg) => {
      const vb = svg.getAttribute('viewBox').split(' ').map(Number);
      const r = svg.getBoundingClientRect();
      return Math.max(vb[2] / r.width, vb[3] / r.height);
    });
    // Dragged 260 mm towards Picton (west, left on the screen): 90 pas from him.
    const c = await centre(british, 'pack');
    const f = await finger(british);
    await f.drag(c, { x: c.x - 260 / s, y: c.y }, { steps: 12 });
    await until(british, () => /Pack moves to/.test(document.querySelector('#result').textContent));
    const m = await measured();
    assert.ok(Math.abs(m.value - 90) < 1, `picton:pack is ${m.value} pas on the map after the drag`);
    assert.equal(m.source, 'map');
    await french.click('#tab-log');
    await until(french, () => /Pack.*moves to/.test(document.querySelector('#pane-log').textContent));
    await shot(british, 'handmap-aigles-dragged-phone');
    assert.deepEqual(british.errors, []);
  } finally {
    await server.stop();
  }
});
