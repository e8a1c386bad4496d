// sync.js — the page and the server: fetching what the page shows, taking an action.
//
// Every change announced on GET events (or made here) fetches the game again;
// refresh() calls made while one runs fold into one more. An action is sent one at a
// time: a second tap while the first is on its way is ignored.
import { api, ApiError } from './api.js';
import { el, clear } from './dom.js';
import { t } from './i18n.js';
import { rollLine } from './record.js';
import { relinkDraft } from './action.js';
import { setResult } from './result.js';
import { state, save, keepVotes, map, render, $ } from './state.js';

let refreshing = null;

let again = false;

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
        const [game, actions, svg, votes] = await Promise.all([api.game(), api.actions(), api.map(), api.done()]);
        const moved = !state.game || state.game.actions !== game.actions;
        state.game = game;
        keepVotes(votes, heard);
        state.actions = (actions && actions.actions) || [];
        state.names = (actions && actions.names) || {};
        map.show(svg);
        await refreshLog();
        $('fatal').hidden = true;
        if (moved) relinkDraft();
      } catch (e) {
        fail(e);
      }
    } while (again);
    refreshing = null;
    render();
  })();
  return refreshing;
}

async function refreshLog() {
  const got = await api.log(0);
  const entries = Array.isArray(got) ? got : (got && (got.actions || got.entries || got.log)) || [];
  state.log = entries;
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
export async function act(words, roll) {
  if (state.busy) return;
  state.busy = true;
  render();
  try {
    const res = await api.act(words, roll);
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
