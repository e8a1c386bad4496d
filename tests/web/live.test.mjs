// live.test.mjs — the page on a network that comes and goes (issue 29), in Chromium
// against a real `grognard serve` on the loopback.
//
// A phone goes offline for 20 s while the other side acts: the bar says it is
// reconnecting and out of date the whole time; back online, the page shows the other
// side's action without a reload and the warning goes. An action whose answer is lost
// is sent again with its Idempotency-Key and done once.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, serve, device, shot, until, PHONE } from './harness.mjs';

let browser = null;
let skip = '';
useBrowser((b, why) => { browser = b; skip = why; });

async function topSeq(page) {
  return page.evaluate(() => {
    const li = document.querySelector('#pane-log .log > li');
    return li ? Number(li.dataset.seq) : 0;
  });
}

const conn = () => document.getElementById('conn').textContent;

test('a phone offline for 20 s while the other side acts catches up, and says it was out of date', async (t) => {
  if (skip) return t.skip(skip);
  const server = await serve('gdb', 21);
  try {
    const french = await device(browser, PHONE, server.url('french'), 'french-offline');
    await french.waitForSelector('#pane-log .log > li', { state: 'attached' });
    const before = await topSeq(french);
    await french.evaluate(() => { window.notReloaded = true; });
    await french.context().setOffline(true);
    const done = await server.api('anglo-portuguese', 'POST', 'do', { words: ['note', 'the', 'british', 'hold', 'the', 'ridge'] });
    assert.equal(done.status, 200, done.text);
    await until(french, () => /Out of date/.test(document.getElementById('conn').textContent));
    await shot(french, 'offline-phone');
    await new Promise((r) => setTimeout(r, 20000));
    // still offline: still saying so, and still without the action
    assert.match(await french.evaluate(conn), /Out of date/);
    assert.equal(await topSeq(french), before);
    await french.context().setOffline(false);
    await until(french, (n) => {
      const li = document.querySelector('#pane-log .log > li');
      return li && Number(li.dataset.seq) === n && document.getElementById('conn').textContent === '';
    }, before + 1, 30000);
    assert.match(await french.textContent('#pane-log .log > li'), /the british hold the ridge/);
    assert.equal(await french.evaluate(() => window.notReloaded), true);
    assert.deepEqual(french.errors, []);
    await french.context().close();
  } finally {
    await server.stop();
  }
});

test('an action whose answer is lost is sent again with its key and done once', async (t) => {
  if (skip) return t.skip(skip);
  const server = await serve('gdb', 22);
  try {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    await page.goto(server.url('referee'));
    await page.waitForSelector('#pane-log .log > li', { state: 'attached' });
    const before = await topSeq(page);
    // The first POST do reaches the server, but its answer is dropped on the way back.
    const keys = [];
    let dropped = false;
    await page.route('**/api/v1/do', async (route) => {
      keys.push(route.request().headers()['idempotency-key']);
      const res = await route.fetch();
      if (!dropped) {
        dropped = true;
        await route.abort('connectionreset');
        return;
      }
      await route.fulfill({ response: res });
    });
    const answer = await page.evaluate(async () => {
      const { api } = await import('/static/js/api.js');
      return api.act(['note', 'once', 'only']);
    });
    assert.equal(keys.length, 2);
    assert.ok(/^[0-9a-f]{32}$/.test(keys[0]), keys[0]);
    assert.equal(keys[0], keys[1]); // the same press, the same key
    assert.equal(answer.seq, before + 1);
    const log = await server.api('referee', 'GET', 'log');
    assert.equal(log.json.filter((e) => (e.action || []).join(' ') === 'note once only').length, 1);
    await context.close();
  } finally {
    await server.stop();
  }
});
