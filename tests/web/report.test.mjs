// report.test.mjs — after the battle on a phone (issue 26, docs/page.md): the seed
// commitment in the menu, the Report tab (the seat's report with its charts, in a
// sandboxed frame), a printed roster's link #piece=ID opening that piece's card, the
// referee's End the game, Verify for a side once the game has ended (the seed, the
// salt, the verdict), and the log's step-through (the map after an entry, the next one).
// Screenshots go to build/screens/ (report-*.png).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, look, serve, device, until, PHONE } from './harness.mjs';

let browser = null;
let skip = '';
useBrowser((b, why) => { browser = b; skip = why; });

// The report frame's text once it is there.
async function reportText(page) {
  await page.waitForSelector('#pane-report iframe.report-frame');
  for (let i = 0; i < 100; i++) {
    const frame = page.frames().find((f) => f !== page.mainFrame());
    if (frame) {
      const text = await frame.evaluate(() => (document.body ? document.body.innerText : '')).catch(() => '');
      const svg = await frame.evaluate(() => document.querySelectorAll('svg polyline').length).catch(() => 0);
      if (text && svg > 0) return { text, svg };
    }
    await page.waitForTimeout(100);
  }
  throw new Error('the report frame never filled');
}

test('gdb on a phone: the commitment, the Report tab, #piece=ID, the end and Verify', async (t) => {
  if (skip) return t.skip(skip);
  const server = await serve('gdb', 1810);
  try {
    const commitment = (await server.api('referee', 'GET', 'game')).json.seed_commitment;
    assert.match(commitment, /^[0-9a-f]{64}$/);
    // Picton's order fails at the table (2), the French roll theirs: a report with tests
    assert.equal((await server.api('anglo-portuguese', 'POST', 'do', { words: ['order', 'picton', 'pack', 'retire'], roll: 2 })).status, 200);
    assert.equal((await server.api('french', 'POST', 'do', { words: ['order', 'reynier', 'brenier', 'attack'], roll: 8 })).status, 200);

    // A printed roster's QR code: the French link with &piece=fr-2leger opens its card.
    const french = await device(browser, PHONE, `${server.url('french')}&piece=fr-2leger`, 'french');
    await french.waitForSelector('.card[data-piece="fr-2leger"]');
    assert.equal(await french.getAttribute('#tab-piece', 'aria-selected'), 'true');
    await look(french, 'report-piece-link');

    // The menu shows the commitment every seat sees from the start.
    await french.click('#menu-button');
    await until(french, (c) => document.getElementById('commitment').textContent.includes(c), commitment);
    await look(french, 'report-menu-commitment');
    await french.click('#menu-button');

    // The Report tab: the French report, charts included; nothing of Picton's hidden order.
    await french.click('#tab-report');
    const fr = await reportText(french);
    assert.match(fr.text, /Casualties over the turns/);
    assert.ok(fr.svg >= 4, 'two charts, a line per side');
    assert.ok(!fr.text.includes('retire'), 'the British face-down order is not in the French report');
    assert.equal(await french.$('[data-do="verify"]'), null, 'no Verify before the end');
    assert.match(await french.textContent('#pane-report .commitment'), new RegExp(commitment));
    await look(french, 'report-tab');

    // The referee ends the game from the Referee tab, confirmed first.
    const referee = await device(browser, PHONE, server.url('referee'), 'referee');
    await referee.click('#tab-referee');
    await referee.click('[data-do="end"]');
    await referee.waitForSelector('#confirm[open]');
    await look(referee, 'report-end-confirm');
    await referee.click('[data-do="end-confirm"]');
    await until(referee, () => !document.querySelector('[data-do="end"]'));
    const ended = (await server.api('french', 'GET', 'game')).json;
    assert.equal(ended.ended, true);
    assert.equal(ended.seed, 1810);

    // The French, once the page has heard of the end: Verify shows the seed, the salt, the verdict.
    await french.reload();
    await french.click('#tab-report');
    await french.waitForSelector('[data-do="verify"]');
    await french.click('[data-do="verify"]');
    await french.waitForSelector('.verdict[data-verified="yes"]');
    const verdict = await french.textContent('.verdict');
    assert.match(verdict, /1810/);
    assert.match(verdict, /[0-9a-f]{32}/);
    await look(french, 'report-verified');

    // The log's step-through: the map after Picton's order (entry 2), then the one after it.
    await french.click('#tab-log');
    await french.click('[data-do="step"][data-seq="2"]');
    await french.waitForSelector('.step[data-at="2"] img.step-map');
    await until(french, () => { const i = document.querySelector('img.step-map'); return i && i.complete && i.naturalWidth > 0; });
    assert.match(await french.textContent('.step h3'), /#2/);
    await look(french, 'report-step-through');
    await french.click('[data-do="step-on"]');
    await french.waitForSelector('.step[data-at="3"] img.step-map');
    await french.click('[data-do="step-close"]');
    await until(french, () => !document.querySelector('.step'));
    // what the step-through fetched is the French view of that moment: no British face-down order
    const fetched = french.bodies.filter((b) => b.url.includes('/api/v1/at.svg')).map((b) => b.body).join('');
    assert.ok(fetched.includes('<svg'));
    assert.ok(!fetched.includes('retire'));

    // No actions after the end.
    assert.equal((await server.api('referee', 'POST', 'do', { words: ['next'] })).status >= 400, true);
    assert.deepEqual(french.errors, []);
    assert.deepEqual(referee.errors, []);
  } finally {
    await server.stop();
  }
});
