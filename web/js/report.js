// report.js — the Report tab and the dice: the battle report as the seat sees it (GET
// report.html, the page `grognard report -o FILE.html` writes, its SVG charts included,
// shown in a sandboxed frame: no script of it runs, nothing of it reaches this page), the
// seed commitment (also in the menu), and once the referee has ended the game the seed,
// the salt and the verification of every roll (GET verify) for every seat. The referee
// ends the game from the Referee tab (referee.js calls endGame).
import { api, ApiError } from './api.js';
import { el, clear, button } from './dom.js';
import { t, language } from './i18n.js';
import { setResult } from './result.js';
import { state, isReferee, $ } from './state.js';
import { refresh, fail } from './sync.js';

let shown = '';        // what the frame shows: the game's position, ended, language
let verdict = null;    // the last GET verify's answer, or {error}

function commitmentLine(g) {
  return g.seed_commitment ? t('Seed commitment: {0}', g.seed_commitment) : t('This game keeps no seed commitment.');
}

// The dice: the commitment; after the end, the seed, the salt and Verify.
function dice(g) {
  const out = [el('h3', {}, t('The dice')), el('p', { class: 'commitment', dataset: { commitment: g.seed_commitment || '' } }, commitmentLine(g))];
  if (!g.ended) {
    out.push(el('p', { class: 'hint' }, t('Note the commitment now: when the referee ends the game, the seed is shown to every seat and anyone can check every roll against it.')));
    return out;
  }
  out.push(el('p', { class: 'seed' }, t('The game has ended. Dice seed: {0}', g.seed === null || g.seed === undefined ? '?' : String(g.seed))));
  out.push(el('div', { class: 'row' }, button(t('Verify the dice'), verify, { class: 'primary', dataset: { do: 'verify' } })));
  if (verdict) out.push(verdictView(verdict));
  return out;
}

function verdictView(v) {
  if (v.error) return el('p', { class: 'error', dataset: { verified: 'error' } }, v.error);
  const lines = [
    t('Seed: {0}', String(v.seed)),
    t('Salt: {0}', v.seed_salt || '-'),
    t('SHA-256 of the seed and salt is the commitment: {0}', v.commitment_ok ? t('yes') : t('no')),
    v.replay_ok ? t('Rows replayed: {0}. Every roll follows from the seed.', String(v.rows))
      : t('Row {0} differs from what the seed gives: {1}', String(v.first_bad), v.reason || ''),
  ];
  return el('div', { class: v.verified ? 'verdict ok' : 'verdict bad', dataset: { verified: v.verified ? 'yes' : 'no' } },
    el('strong', {}, v.verified ? t('Verified: every die follows from the seed.') : t('NOT verified.')),
    el('ul', {}, lines.map((l) => el('li', {}, l))));
}

async function verify() {
  try {
    verdict = await api.verify();
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) return fail(e);
    verdict = { error: e.message };
  }
  shown = '';
  renderReport();
}

// The referee's "End the game", confirmed first: the seed is then every seat's and the
// game takes no more actions.
export function endGame() {
  const dlg = $('confirm');
  clear(dlg, el('h2', {}, t('End the game?')),
    el('p', {}, t('Every seat will see the dice seed and the salt, and the game will take no more actions. This cannot be undone.')),
    el('div', { class: 'row' },
      button(t('Keep playing'), () => dlg.close()),
      button(t('End the game'), async () => {
        dlg.close();
        try {
          await api.end();
          setResult({ line: t('The game has ended: every seat now sees the dice seed.') });
        } catch (e) {
          if (e instanceof ApiError && e.status !== 401) setResult({ error: true, line: e.message });
          else fail(e);
        }
        await refresh();
      }, { class: 'danger', dataset: { do: 'end-confirm' } })));
  dlg.showModal();
}

async function loadReport(frame, status) {
  try {
    const html = await api.reportHtml();
    frame.srcdoc = typeof html === 'string' ? html : '';
    status.textContent = '';
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) return fail(e);
    status.textContent = e.message;
  }
}

export function renderReport() {
  const g = state.game || {};
  const menu = $('commitment');
  if (menu) menu.textContent = g.seed_commitment ? commitmentLine(g) : '';
  if (state.tab !== 'report' || !state.game) return;
  const key = `${g.actions}|${g.ended}|${language()}|${isReferee()}|${verdict ? 1 : 0}`;
  if (key === shown) return; // the frame is the report of this position already
  shown = key;
  const frame = el('iframe', { class: 'report-frame', sandbox: '', title: t('Battle report') });
  const status = el('p', { class: 'hint', role: 'status' }, t('Loading the report…'));
  clear($('pane-report'), dice(g), el('h3', {}, t('Battle report')), status, frame);
  loadReport(frame, status);
}
