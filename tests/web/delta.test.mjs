// delta.test.mjs — the page follows the game by the lines that changed (issue 29,
// docs/api.md "Deltas"), in Chromium at 390x844 against a real `grognard serve`.
//
// The French phone is open; the Anglo-Portuguese side moves Picton, then a battalion, then
// writes a note. After each move the French map shows the piece at its new place; the
// map and game came as 226 IM Used (counted from the page's responses), and the text the
// page keeps for each equals a fresh GET's, byte for byte. Then a 226 whose body does not
// fit (its count of lines altered on the way) makes the page ask for the whole map
// (a GET without A-IM and If-None-Match), and it still shows the right map.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, serve, device, shot, until, PHONE } from './harness.mjs';

let browser = null;
let skip = '';
useBrowser((b, why) => { browser = b; skip = why; });

// Whether the page's map has piece id at (x, y) mm (the SVG's data-x and data-y).
const placed = ([id, x, y]) => {
  const g = document.querySelector(`#map [data-piece="${id}"][data-x]`);
  return !!g && g.dataset.x === x && g.dataset.y === y;
};

// The page's kept text of a document (api.js, the module the page runs).
const heldText = (doc) => import('/static/js/api.js').then((m) => m.held(doc));

function counter(page) {
  const seen = { 226: {}, plain: {} };
  page.on('response', (res) => {
    const m = res.url().match(/\/api\/v1\/([a-z.]+)/);
    if (!m) return;
    if (res.status() === 226) seen[226][m[1]] = (seen[226][m[1]] || 0) + 1;
  });
  page.on('request', (req) => {
    const m = req.url().match(/\/api\/v1\/([a-z.]+)/);
    if (m && req.method() === 'GET' && !req.headers()['a-im'])
      seen.plain[m[1]] = (seen.plain[m[1]] || 0) + 1;
  });
  return seen;
}

// Waits (10 s at most) until the page's kept text of doc passes ok.
async function heldUntil(page, doc, ok) {
  for (let i = 0; i < 100; i++) {
    const text = await page.evaluate(heldText, doc);
    if (text !== undefined && ok(text)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.fail(`${doc}: the page's text never came to what was waited for`);
}

async function sameAsFresh(page, server, doc) {
  const fresh = await server.api('french', 'GET', doc);
  assert.equal(fresh.status, 200);
  assert.equal(await page.evaluate(heldText, doc), fresh.text, `${doc}: the page's text is not the server's`);
}

test("the other side's moves reach the page as the lines that changed", async (t) => {
  if (skip) return t.skip(skip);
  const server = await serve('gdb', 1810);
  try {
    const french = await device(browser, PHONE, server.url('french'), 'french-delta');
    const seen = counter(french);
    await until(french, () => !!document.querySelector('#map [data-piece="picton"][data-x]'));
    const moves = [['picton', '50', '40'], ['br-2-5th', '60', '50']];
    for (const [id, x, y] of moves) {
      const done = await server.api('anglo-portuguese', 'POST', 'do', { words: ['move', id, x, y] });
      assert.equal(done.status, 200, done.text);
      await until(french, placed, [id, `${x}0.00`, `${y}0.00`]);
    }
    const note = await server.api('anglo-portuguese', 'POST', 'do', { words: ['note', 'rain'] });
    assert.equal(note.status, 200, note.text);
    await heldUntil(french, 'game', (text) => JSON.parse(text).actions === 4);
    assert.ok((seen[226]['map.svg'] || 0) >= 2, `map.svg: ${JSON.stringify(seen)}`);
    assert.ok((seen[226].game || 0) >= 3, `game: ${JSON.stringify(seen)}`);
    for (const doc of ['map.svg', 'game', 'actions', 'claims']) await sameAsFresh(french, server, doc);
    assert.equal(await french.evaluate(placed, ['picton', '500.00', '400.00']), true);
    assert.deepEqual(french.errors, []);
    await shot(french, 'delta-phone-after-moves');
  } finally {
    await server.stop();
  }
});

test('a delta that does not fit the text held: the page asks for the whole document', async (t) => {
  if (skip) return t.skip(skip);
  const server = await serve('gdb', 1810);
  try {
    const french = await device(browser, PHONE, server.url('french'), 'french-delta-bad');
    const seen = counter(french);
    let spoiled = 0;
    await french.route('**/api/v1/map.svg', async (route) => {
      // the page may still be refreshing when the test stops the server: that
      // last fetch fails, and is dropped rather than left unhandled
      const res = await route.fetch().catch(() => null);
      if (res === null) return route.abort().catch(() => {});
      const headers = { ...res.headers() };
      delete headers['content-encoding'];
      delete headers['content-length'];
      let body = await res.text();
      if (res.status() === 226) {
        const d = JSON.parse(body);
        d.lines += 1; // no longer the count the hunks make
        body = JSON.stringify(d);
        spoiled++;
      }
      await route.fulfill({ status: res.status(), headers, body });
    });
    await until(french, () => !!document.querySelector('#map [data-piece="picton"][data-x]'));
    const plainBefore = seen.plain['map.svg'] || 0;
    const done = await server.api('anglo-portuguese', 'POST', 'do', { words: ['move', 'picton', '50', '40'] });
    assert.equal(done.status, 200, done.text);
    await until(french, placed, ['picton', '500.00', '400.00']);
    assert.ok(spoiled >= 1, 'no 226 came for the map');
    assert.ok((seen.plain['map.svg'] || 0) > plainBefore, `no whole GET after the bad delta: ${JSON.stringify(seen)}`);
    await sameAsFresh(french, server, 'map.svg');
    assert.deepEqual(french.errors, []);
  } finally {
    await server.stop();
  }
});
