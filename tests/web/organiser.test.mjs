// organiser.test.mjs — the organiser's page of `grognard serve DIR` in Chromium: the
// folder's games listed with their seat links and QR codes and who is connected at each
// seat, a new game made from the
// page's form, and the order-of-battle editor: two sides, three officers and four units
// made by tapping, one piece dragged on the map, the battle checked live, saved as a
// scenario file, started as a game, and one action played in that game from its
// referee's link. At a phone's size (390x844) and a laptop's (1280x800): no horizontal
// overflow, 44 px targets; screenshots in build/screens/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { useBrowser, cli, device, overflows, smallTargets, shot, until, BIN, PHONE } from './harness.mjs';

const LAPTOP = { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 };
let browser = null;
let skip = '';
useBrowser((b, why) => { browser = b; skip = why; });

// `grognard serve DIR --listen 127.0.0.1:0 --json`: {info, stop()}.
async function serveDir(dir) {
  const child = spawn(BIN, ['serve', dir, '--listen', '127.0.0.1:0', '--json'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stderr.on('data', (d) => { err += d; });
  const info = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => { child.kill('SIGKILL'); reject(new Error(`serve DIR did not start: ${err}`)); }, 15000);
    child.stdout.on('data', (d) => {
      out += d;
      try {
        const j = JSON.parse(out);
        clearTimeout(timer);
        resolve(j);
      } catch (e) { /* not whole yet */ }
    });
    child.on('exit', (code) => { clearTimeout(timer); reject(new Error(`serve DIR exited ${code}: ${err}`)); });
  });
  return {
    info,
    async api(p, opts = {}) {
      const res = await fetch(`http://127.0.0.1:${info.port}/api/v1/${p}`, {
        ...opts, headers: { Authorization: `Bearer ${info.host_token}`, ...(opts.headers || {}) } });
      return { status: res.status, json: await res.json() };
    },
    stop: () => new Promise((r) => { child.on('exit', r); child.kill('SIGTERM'); }),
  };
}

// A page of a new browser context at url, its errors recorded (harness.device waits
// for the table page's bar, which the organiser's page has not).
async function open(options, url) {
  const context = await browser.newContext({ ...options, acceptDownloads: true });
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  await page.goto(url);
  await page.waitForSelector('#games-section');
  return page;
}

async function layout(page, name) {
  assert.deepEqual(await overflows(page), [], `${name}: nothing wider than the screen`);
  assert.deepEqual(await smallTargets(page), [], `${name}: 44 px targets`);
  await shot(page, name);
}

test('organiser: the games, a new game from the page, the editor from nothing to a played action', async (t) => {
  if (skip) return t.skip(skip);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'grognard-club-'));
  const made = await cli('new', path.join(dir, 'table-a.grog'), '--family', 'gdb', '--seed', '3');
  assert.equal(made.code, 0, made.err);
  const club = await serveDir(dir);
  try {
    const page = await open(LAPTOP, club.info.url);
    await page.waitForSelector('[data-game="table-a.grog"]');
    assert.match(await page.textContent('[data-game="table-a.grog"]'), /Bussaco/);
    assert.match(await page.textContent('[data-game="table-a.grog"]'), /General de Brigade/);
    await page.click('[data-game="table-a.grog"] button.links');
    await page.waitForSelector('[data-game="table-a.grog"] [data-seat="referee"] img[src^="blob:"]');
    const links = await page.$$eval('[data-game="table-a.grog"] .seat a', (l) => l.map((a) => a.href));
    assert.equal(links.length, 4);
    assert.ok(links.every((u) => !u.includes(club.info.host_token)), 'no seat link carries the host token');

    // A new game from the form: a bundled scenario, a family, a seed.
    await page.fill('#new-name', 'night');
    await page.selectOption('#new-bundled', 'maida-1806');
    await page.selectOption('#new-family', 'aigles');
    await page.fill('#new-seed', '11');
    await page.click('#new-create');
    await page.waitForSelector('[data-game="night.grog"]');
    assert.match(await page.textContent('[data-game="night.grog"]'), /Maida/);
    assert.ok(fs.existsSync(path.join(dir, 'night.grog')), 'each game its own .grog file');
    await layout(page, 'organiser-laptop');

    // A new game from a roster CSV uploaded on the page (the template's example).
    const roster = path.join(dir, 'club.csv');
    const tpl = await cli('import', '--template', '-o', roster);
    assert.equal(tpl.code, 0, tpl.err);
    await page.selectOption('#new-source', 'file');
    await page.setInputFiles('#new-file', roster);
    await page.fill('#new-name', 'club');
    await page.click('#new-create');
    await page.waitForSelector('[data-game="club.grog"]');
    assert.match(await page.textContent('[data-game="club.grog"]'), /A club evening/);
    // A roster with a problem: listed on the page with its line and column, no game made.
    const bad = path.join(dir, 'bad.csv');
    fs.writeFileSync(bad, 'kind,id,name,side,parent\nside,a,A,,\nunit,u,U,,ghost\n');
    await page.setInputFiles('#new-file', bad);
    await page.fill('#new-name', 'bad');
    await page.click('#new-create');
    await page.waitForSelector('#new-problems li');
    assert.match(await page.textContent('#new-problems'), /roster\.csv:3:5: parent: no officer "ghost"/);
    assert.ok(!fs.existsSync(path.join(dir, 'bad.grog')), 'nothing made from a refused roster');
    await page.fill('#new-name', '');
    await page.selectOption('#new-source', 'bundled');

    // The editor: two sides, three officers, four units.
    await page.click('#ed-add-side');
    await page.click('#ed-add-side');
    await page.fill('[data-side="side1"] input.name', 'Red army');
    await page.dispatchEvent('[data-side="side1"] input.name', 'change');
    for (let i = 0; i < 3; i++) await page.click('#ed-add-officer');
    for (let i = 0; i < 4; i++) await page.click('#ed-add-unit');
    await page.fill('[data-unit="unit1"] input.figures', '30');
    await page.dispatchEvent('[data-unit="unit1"] input.figures', 'change');
    await page.waitForSelector('#ed-ok:not([hidden])');
    assert.equal(await page.$$eval('#ed-problems li', (l) => l.length), 0);

    // A unit dragged on the map moves in the scenario.
    const piece = await page.$('#ed-map [data-id="unit2"]');
    await piece.scrollIntoViewIfNeeded();
    const box = await piece.boundingBox();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 60, box.y + box.height / 2 - 40, { steps: 5 });
    await page.mouse.up();
    await shot(page, 'organiser-editor-laptop');

    // Saved as a scenario file.
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#ed-save')]);
    const saved = JSON.parse(fs.readFileSync(await download.path(), 'utf8'));
    assert.equal(saved.sides.length, 2);
    assert.equal(saved.officers.length, 3);
    assert.equal(saved.units.length, 4);
    assert.equal(saved.sides[0].name, 'Red army');
    assert.equal(saved.units[0].figures, 30);
    const before = { x: 20, y: 120 * 0.7 }; /* the first unit of the second side (editor.js placeFor) */
    const moved = saved.units.find((u) => u.id === 'unit2');
    assert.ok(Math.abs(moved.position.x - before.x) > 5, `dragged: ${JSON.stringify(moved.position)}`);
    const check = await cli('validate', await download.path());
    assert.equal(check.code, 0, check.out);

    // Started as a game: it appears in the list, and its referee plays one action.
    await page.selectOption('#new-family', 'aigles');
    await page.fill('#new-seed', '5');
    await page.click('#ed-start');
    await page.waitForSelector('[data-game="table-1.grog"]');
    const { json } = await club.api('games');
    const game = json.games.find((g) => g.name === 'table-1.grog');
    assert.equal(game.family, 'aigles');
    const referee = game.seats.find((s) => s.kind === 'referee');
    const table = await device(browser, PHONE, referee.url, 'referee');
    await table.waitForSelector('#tab-referee');
    await table.click('#tab-referee');
    await table.click('[data-do="advance"]');
    await until(table, () => /movement 1/.test(document.getElementById('turn').textContent));
    await until(page, () => /movement-1/.test(document.querySelector('[data-game="table-1.grog"]').textContent), undefined, 15000);
    // Who is connected, seat by seat: the referee's phone follows the game, no side does.
    const card = '[data-game="table-1.grog"]';
    await page.waitForSelector(`${card} [data-presence="referee"][data-pages="1"].on`, { timeout: 15000 });
    assert.match(await page.textContent(`${card} [data-presence="referee"]`), /1 page open/);
    const sides = game.seats.filter((s) => s.kind === 'side');
    assert.equal(sides.length, 2);
    for (const s of sides) {
      const item = `${card} [data-presence="${s.side}"]`;
      assert.equal(await page.getAttribute(item, 'data-pages'), '0');
      assert.equal(await page.getAttribute(item, 'class'), 'off');
      assert.match(await page.textContent(item), /not connected/);
    }
    assert.deepEqual(page.errors, [], 'organiser: page errors');
    assert.deepEqual(table.errors, [], 'table: page errors');

    // The phone's view of the organiser's page.
    const phone = await open(PHONE, club.info.url);
    await phone.waitForSelector('[data-game="night.grog"]');
    await phone.click('[data-game="night.grog"] button.links');
    await phone.waitForSelector('[data-game="night.grog"] [data-seat="referee"] img[src^="blob:"]');
    await phone.selectOption('#ed-open', 'scenario:maida-1806');
    await phone.waitForSelector('[data-officer="stuart"]');
    await layout(phone, 'organiser-phone');
    await phone.evaluate(() => document.getElementById('editor-section').scrollIntoView());
    await shot(phone, 'organiser-editor-phone');
    assert.deepEqual(phone.errors, [], 'phone: page errors');
  } finally {
    await club.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('organiser: the page without the host token, and a game token, are refused', async (t) => {
  if (skip) return t.skip(skip);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'grognard-club-'));
  await cli('new', path.join(dir, 'a.grog'), '--family', 'gt', '--seed', '1');
  const club = await serveDir(dir);
  try {
    const base = `http://127.0.0.1:${club.info.port}/`;
    const page = await open(PHONE, base);
    await page.waitForSelector('#no-token:not([hidden])');
    const { json } = await club.api('games');
    const seat = json.games[0].seats.find((s) => s.kind === 'referee');
    const page2 = await open(PHONE, `${base}#h=${seat.token}`);
    await page2.waitForSelector('#no-token:not([hidden])');
    assert.equal(await page2.$$eval('[data-game]', (l) => l.length), 0);
  } finally {
    await club.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
