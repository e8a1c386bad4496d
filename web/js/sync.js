// sync.js — the page and the server: fetching what the page shows, taking an action.
//
// Every change announced on GET events (or made here) fetches the game (its actions,
// map, Done and open claims) again;
// refresh() calls made while one runs fold into one more. A refresh the network lost is
// tried again, waiting longer each time (1 s, 2 s... up to 10 s), and until one
// succeeds the page says it is out of date (state.stale, drawn by the bar). The game,
// actions, claims and map come back as 304 when unchanged, and as the lines that changed
// otherwise (226, applied by api.js to the text it keeps); the log is fetched from the
// page's last entry on. An action is sent one at a time: a second
// tap while the first is on its way is ignored.
import { api, ApiError } from './api.js';
import { el, clear } from './dom.js';
import { t } from './i18n.js';
import { rollLine } from './record.js';
import { relinkDraft } from './action.js';
import { setResult } from './result.js';
import { state, save, keepVotes, map, render, $ } from './state.js';

let refreshing = null;

let again = false;

let retryWait = 1000;

let retryTimer = null;

// The network lost a refresh: out of date until the next one succeeds, tried again soon.
function lost() {
  state.stale = true;
  clearTimeout(retryTimer);
  retryTimer = setTimeout(refresh, retryWait);
  retryWait = Math.min(retryWait * 2, 10000);
}

// Fetches everything the page shows; calls made while one runs fold into one more.
export async function refresh() {
  if (refreshing) {
    again = true;
    return refreshing;
  }
  refreshing = (async () => {
    do {
      again = false;
      try {
        const heard = state.votesHeard;
        const [game, actions, svg, votes, claims] = await Promise.all([api.game(), api.actions(), api.map(), api.done(), api.claims()]);
        const moved = !state.game || state.game.actions !== game.actions;
        state.game = game;
        keepVotes(votes, heard);
        state.actions = (actions && actions.actions) || [];
        state.names = (actions && actions.names) || {};
        state.claims = (claims && claims.claims) || [];
        map.show(svg);
        await refreshLog();
        $('fatal').hidden = true;
        if (moved) relinkDraft();
        state.stale = false;
        retryWait = 1000;
        clearTimeout(retryTimer);
      } catch (e) {
        if (e instanceof ApiError) fail(e);
        else lost();
      }
    } while (again);
    refreshing = null;
    render();
  })();
  return refreshing;
}

// The log from the page's last entry on; everything again after a resync, or when an
// undo came (it marks an older entry undone, which the entries after the last do not say).
async function refreshLog() {
  const last = state.log.length ? state.log[state.log.length - 1].seq || 0 : 0;
  const since = state.fullLog ? 0 : last;
  const got = await api.log(since);
  const entries = Array.isArray(got) ? got : (got && (got.actions || got.entries || got.log)) || [];
  if (since > 0 && entries.some((e) => e.undoes || (e.action || [])[0] === 'undo')) {
    state.fullLog = true;
    return refreshLog();
  }
  state.log = since > 0 ? state.log.concat(entries) : entries;
  state.fullLog = false;
}

// Everything again, the whole log included (a "resync" event, a new seat).
export function rebuild() {
  state.fullLog = true;
  return refresh();
}

export function fail(e) {
  if (!(e instanceof ApiError)) return; // the network: the strip under the bar says so
  if (e.status === 503) {               // busy: another writer; try again shortly
    setTimeout(refresh, 1000);
    return;
  }
  if (e.status === 401) {
    clear($('fatal'), el('h2', {}, t('This link is not valid for this game')),
      el('p', {}, t('Ask the referee for your side\'s link or QR code.')));
    $('fatal').hidden = false;
    return;
  }
  setResult({ error: true, line: e && e.message ? e.message : String(e) });
}

// Takes an action; one at a time (a second tap while the first is on its way is
// ignored, so a double tap never rolls twice).
export async function act(words, roll, measures) {
  if (state.busy) return;
  state.busy = true;
  render();
  try {
    const res = await api.act(words, roll, measures);
    state.draft = null;
    const records = (res && res.records ? res.records : []).map((r) => r.record || r);
    const texts = (res && res.events ? res.events : []).filter((e) => e.text).map((e) => e.text);
    const main = records.find((r) => r.roll !== null && r.roll !== undefined) || records[0];
    const line = [main ? rollLine(main) : '', texts[texts.length - 1] || ''].filter(Boolean).join(' — ');
    setResult({ line: line || t('Done: {0}', words.join(' ')), records, seq: res && res.seq });
  } catch (e) {
    setResult({ error: true, line: e.rule && !e.message.includes(e.rule) ? `${e.rule}: ${e.message}` : e.message });
  }
  state.busy = false;
  save();
  await refresh();
}
