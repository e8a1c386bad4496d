// claims.test.mjs — the claims on the page (issue 29, docs/game.md "Claims"), in
// Chromium at 390x844 against a real `grognard serve` on the loopback.
//
// The French token reports Mackinnon (anglo-portuguese, about 55 cm from the 2e
// Leger) contacted: a claim, not applied. The Anglo-Portuguese phone shows it with the
// map's warning beside it and Accept / Dispute; the French phone shows it waiting for
// the other side, with no answer of its own; the French token's own accept is refused.
// The Anglo-Portuguese dispute it on the page; the referee's phone rejects it (Apply /
// Reject). A second claim accepted on the page is applied: Lightburne is taken.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, serve, device, shot, until, overflows, smallTargets, lowContrast, PHONE } from './harness.mjs';

let browser = null;
let skip = '';
useBrowser((b, why) => { browser = b; skip = why; });

const claimShown = (n) => !!document.querySelector(`#claims li[data-claim="${n}"]`);

async function officerState(server, id) {
  const g = await server.api('referee', 'GET', 'game');
  return (g.json.officers || []).find((o) => o.id === id).state;
}

test('a claim is answered on the phones: disputed by the side it is about, rejected by the referee, another accepted', async (t) => {
  if (skip) return t.skip(skip);
  const server = await serve('aigles', 1810);
  try {
    const anglo = await device(browser, PHONE, server.url('anglo-portuguese'), 'anglo-claims');
    const french = await device(browser, PHONE, server.url('french'), 'french-claims');
    const referee = await device(browser, PHONE, server.url('referee'), 'referee-claims');
    assert.equal(await anglo.isHidden('#claims'), true); // no claim: nothing shown
    const made = await server.api('french', 'POST', 'do', { words: ['event', 'contact', 'mackinnon', 'fr-2leger'] });
    assert.equal(made.status, 200, made.text);
    assert.deepEqual(made.json.action.slice(0, 3), ['claim', 'french', 'event']);
    const n = made.json.seq;
    assert.equal(await officerState(server, 'mackinnon'), 'active'); // not applied

    await until(anglo, claimShown, n);
    const item = `#claims li[data-claim="${n}"]`;
    // the claim as a sentence, the pieces by name (it showed the words typed, "event
    // contact mackinnon fr-2leger"); a side's phone has no words line
    const said = await anglo.textContent(`${item} .claim-text`);
    assert.match(said, /claims: AIG-O-21: Colonel Henry Mackinnon is contacted by 2e Leger and taken prisoner\./);
    assert.doesNotMatch(said, /event contact|fr-2leger/);
    assert.equal(await anglo.locator(`${item} .claim-words`).count(), 0);
    assert.match(await anglo.textContent(`${item} .claim-warning`), /not in contact/);
    assert.equal(await anglo.isVisible(`${item} button[data-answer="accept"]`), true);
    assert.equal(await anglo.isVisible(`${item} button[data-answer="dispute"]`), true);
    assert.deepEqual(await overflows(anglo), []);
    assert.deepEqual(await smallTargets(anglo), []);
    await shot(anglo, 'claims-phone-other-side');

    await until(french, claimShown, n);
    assert.equal(await french.locator(`${item} button`).count(), 0); // its own claim: no answer
    assert.match(await french.textContent(`${item} .hint`), /Waiting for/);
    await shot(french, 'claims-phone-claimant');
    const own = await server.api('french', 'POST', 'do', { words: ['accept', String(n)] });
    assert.equal(own.status, 403, own.text);
    assert.equal(await officerState(server, 'mackinnon'), 'active');

    await anglo.click(`${item} button[data-answer="dispute"]`);
    await until(referee, (k) => {
      const li = document.querySelector(`#claims li[data-claim="${k}"]`);
      return li && li.dataset.status === 'disputed';
    }, n);
    assert.equal(await referee.isVisible(`${item} button[data-answer="apply"]`), true);
    // the referee reads the sentence, and the words typed beneath it, smaller
    assert.match(await referee.textContent(`${item} .claim-text`), /Colonel Henry Mackinnon is contacted by 2e Leger/);
    assert.equal(await referee.textContent(`${item} .claim-words`), 'event contact mackinnon fr-2leger');
    assert.deepEqual(await lowContrast(referee), []);
    assert.deepEqual(await overflows(referee), []);
    assert.deepEqual(await smallTargets(referee), []);
    await shot(referee, 'claims-phone-referee');
    await referee.click(`${item} button[data-answer="reject"]`);
    await until(anglo, (k) => !document.querySelector(`#claims li[data-claim="${k}"]`), n);
    assert.equal(await officerState(server, 'mackinnon'), 'active');

    const again = await server.api('french', 'POST', 'do', { words: ['event', 'contact', 'lightburne', 'fr-2leger'] });
    assert.equal(again.status, 200, again.text);
    const m = again.json.seq;
    await until(anglo, claimShown, m);
    await anglo.click(`#claims li[data-claim="${m}"] button[data-answer="accept"]`);
    await until(anglo, (k) => !document.querySelector(`#claims li[data-claim="${k}"]`) &&
      document.getElementById('claims').hidden, m);
    assert.equal(await officerState(server, 'lightburne'), 'prisoner');
    for (const p of [anglo, french, referee]) {
      assert.deepEqual(p.errors, []);
      await p.context().close();
    }
  } finally {
    await server.stop();
  }
});
