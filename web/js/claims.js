// claims.js — the open claims (docs/game.md "Claims", GET claims): a side's events about
// the other side's pieces, waiting for that side or the referee. Shown above the tabs
// on every screen while there are some: the claim (its event as a sentence, the pieces
// by name; the referee also reads the words typed, smaller: what he would type to
// report or correct it), who made it, the warning the map's
// positions give beside it, and the answers this seat may give (the server's "may":
// Accept / Dispute for the side it is about, Accept / Apply / Reject for the referee);
// the side that made it reads whom it waits for. An answer is an action (POST do).
import { el, clear, button } from './dom.js';
import { t } from './i18n.js';
import { state, $, isReferee } from './state.js';
import { act } from './sync.js';

function name(id) {
  const s = ((state.game || {}).sides || []).find((x) => (x.id || x) === id);
  return (s && s.name) || id;
}

function answers(c) {
  const may = c.may || [];
  const n = String(c.claim);
  const out = [];
  if (may.includes('accept')) out.push(button(t('Accept'), () => act(['accept', n]), { class: 'primary', dataset: { claim: n, answer: 'accept' } }));
  if (may.includes('dispute')) out.push(button(t('Dispute'), () => act(['dispute', n]), { dataset: { claim: n, answer: 'dispute' } }));
  if (may.includes('decide')) {
    out.push(button(t('Apply'), () => act(['decide', n, 'apply']), { dataset: { claim: n, answer: 'apply' } }));
    out.push(button(t('Reject'), () => act(['decide', n, 'reject']), { class: 'danger', dataset: { claim: n, answer: 'reject' } }));
  }
  return out;
}

function claimItem(c) {
  const disputed = c.status === 'disputed';
  const status = disputed ? t('Disputed by {0}: the referee decides', name(c.about))
    : t('Waiting for {0} to accept or dispute it', name(c.about));
  return el('li', { dataset: { claim: String(c.claim), status: c.status } },
    el('p', { class: 'claim-text' }, t('#{0} {1} claims: {2}', c.claim, name(c.by), c.sentence || c.text || (c.words || []).join(' '))),
    isReferee() && c.text ? el('p', { class: 'claim-words' }, c.text) : null,
    c.warning ? el('p', { class: 'claim-warning', role: 'note' }, `⚠ ${c.warning}`) : null,
    el('p', { class: 'hint' }, status),
    el('div', { class: 'row' }, answers(c)));
}

export function renderClaims() {
  const box = $('claims');
  const list = state.claims || [];
  box.hidden = list.length === 0;
  if (!list.length) return clear(box);
  clear(box, el('h3', {}, t('Claims')), el('ul', {}, list.map(claimItem)));
}
