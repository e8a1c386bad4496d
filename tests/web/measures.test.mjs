// measures.test.mjs — a measure taken at the table on a phone (issue 24, docs/page.md):
// the preview lists the test's measures with their map values; a tap opens a number pad
// in the table's unit; the odds are worked out again at once; Table dice sends the
// measure with the roll; the other side sees it in the log. Values worked by hand:
// Picton to Pack is 35.0 cm on the map (GDB-09 -2, +1 gifted: 2d6 - 1 > 6, immediate
// 15/36); 28 cm at the table drops GDB-09 (2d6 + 1 > 6: 26/36); base contact adds
// GDB-11 +2 (2d6 + 3 > 6: 33/36). Rolled 6 at the table: 6 + 1 = 7 > 6, immediate.
// Screenshots go to build/screens/ (measures-*.png).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, look, serve, device, until, PHONE } from './harness.mjs';

let browser = null;
let skip = '';
useBrowser((b, why) => { browser = b; skip = why; });

async function odds(page, outcome) {
  return page.$eval(`.draft .preview .odd[data-outcome="${outcome}"]`, (e) => e.dataset.exact);
}

async function waitOdds(page, outcome, exact) {
  await until(page, ([o, x]) => {
    const e = document.querySelector(`.draft .preview .odd[data-outcome="${o}"]`);
    return e && e.dataset.exact === x;
  }, [outcome, exact]);
}

async function measureText(page, id) {
  return page.$eval(`.draft .preview .measure[data-measure="${id}"]`, (e) => e.textContent);
}

test('gdb on a phone: a preview\'s measure taken at the table changes the odds and goes with the roll', async (t) => {
  if (skip) return t.skip(skip);
  const server = await serve('gdb', 1810);
  try {
    const british = await device(browser, PHONE, server.url('anglo-portuguese'), 'british');
    const french = await device(browser, PHONE, server.url('french'), 'french');
    await british.click('#pane-piece [data-piece="picton"]');
    await british.waitForSelector('.card[data-piece="picton"]');
    await british.click('[data-words="order"]');
    await british.click('.draft [data-arg="brigade"][data-choice="pack"]');
    await british.click('.draft [data-arg="order"][data-choice="attack"]');
    await british.waitForSelector('.draft .preview .odd');
    assert.equal(await odds(british, 'immediate'), '15/36');
    const map = await british.$eval('.draft .preview .measure[data-measure="picton:pack"]',
                                    (e) => e.dataset.source);
    assert.equal(map, 'map');
    assert.match(await measureText(british, 'picton:pack'), /GDB-09.*picton.*pack.*35\.0 cm/);
    assert.match(await measureText(british, 'picton:enemy'), /GDB-12.*nearest enemy.*49\.0 cm/);
    await british.locator('.draft .preview .measure[data-measure="picton:pack"]').scrollIntoViewIfNeeded();
    await look(british, 'measures-preview-phone');

    // In contact at the table: GDB-11 +2, 33/36.
    await british.click('.draft .preview .measure-tap[data-measure="picton:pack"]');
    await british.waitForSelector('#numpad[open]');
    assert.match(await british.textContent('#numpad'), /on the map: 35\.0 cm/);
    await british.click('#numpad [data-key="contact"]');
    await waitOdds(british, 'immediate', '33/36');
    assert.match(await measureText(british, 'picton:pack'), /0\.0 cm.*table/);

    // 28 cm at the table: GDB-09 goes, 26/36.
    await british.click('.draft .preview .measure-tap[data-measure="picton:pack"]');
    await british.waitForSelector('#numpad[open]');
    assert.ok(await british.isDisabled('#numpad [data-key="enter"]'), 'nothing typed yet');
    assert.match(await british.textContent('#numpad'), /on the map: 35\.0 cm/,
                 'the map\'s value, not the table\'s contact');
    await british.click('#numpad [data-key="2"]');
    await british.click('#numpad [data-key="8"]');
    assert.equal(await british.textContent('#numpad .display'), '28 cm');
    await look(british, 'measures-numpad-phone');
    await british.click('#numpad [data-key="enter"]');
    await waitOdds(british, 'immediate', '26/36');
    assert.equal(await odds(british, 'fail'), '6/36');
    const mods = await british.$$eval('.draft .preview .mods tr', (l) => l.map((r) => r.dataset.rule));
    assert.ok(!mods.includes('GDB-09'), `GDB-09 gone at 28 cm: ${mods}`);
    assert.match(await measureText(british, 'picton:pack'), /28\.0 cm.*table/);
    await british.locator('.draft .preview .measure[data-measure="picton:pack"]').scrollIntoViewIfNeeded();
    await look(british, 'measures-table-phone');

    // Rolled at the table with the measure: journaled with it, immediate.
    await british.click('[data-do="table"]');
    await british.waitForSelector('#numpad[open]');
    await british.click('#numpad [data-key="6"]');
    await british.click('#numpad [data-key="enter"]');
    await british.waitForSelector('.result .line:not(.error)');
    const log = (await server.api('referee', 'GET', 'log')).json;
    const entries = Array.isArray(log) ? log : log.actions;
    const entry = entries[entries.length - 1];
    assert.deepEqual(entry.action.slice(0, 4), ['order', 'picton', 'pack', 'attack']);
    assert.ok(entry.action.includes('picton:pack=28cm'), `the measure is in the words: ${entry.action}`);
    const rec = entry.records[0].record;
    assert.equal(rec.outcome, 'immediate');
    const m = rec.measures.find((x) => x.id === 'picton:pack');
    assert.equal(m.source, 'table');
    assert.equal(m.value, 28);

    // The French see the measure in the log.
    await french.click('#tab-log');
    await until(french, (n) => {
      const li = document.querySelector('#pane-log .log > li');
      return li && Number(li.dataset.seq) === n;
    }, entry.seq);
    await french.click('#pane-log .log > li:first-child summary');
    await french.waitForSelector('#pane-log .measure.table[data-measure="picton:pack"]');
    assert.match(await french.textContent('#pane-log .measure.table[data-measure="picton:pack"]'),
                 /28\.0 cm/);
    await french.locator('#pane-log .measure.table[data-measure="picton:pack"]').scrollIntoViewIfNeeded();
    await look(french, 'measures-log-phone');
  } finally {
    await server.stop();
  }
});
