// bar.js — the bar at the top: the seat, the turn and phase, what the seat may still
// do, and the sides' Done (pressed, taken back, whom it waits for).
import { api, ApiError } from './api.js';
import { t, tw } from './i18n.js';
import { setResult } from './result.js';
import { state, seat, isReferee, sideName, mayDo, keepVotes, votesNow, render, $ } from './state.js';
import { refresh, fail, act } from './sync.js';

function shortName(id) {
  return sideName(id).replace(/ \(.*$/, '');
}

// "A", "A and B", "A, B and C", in words.
function names(ids) {
  const n = ids.map(shortName);
  if (n.length < 2) return n.join('');
  return t('{0} and {1}', n.slice(0, -1).join(', '), n[n.length - 1]);
}

// What the bar says under Done: to a side that pressed it, whom it waits for; to the
// referee (and the spectators), which sides are done.
function waitingLine(s, v) {
  if (s.kind === 'side') {
    if (!v.done.includes(s.side)) return '';
    if (v.waiting.length) return t('Waiting for {0}…', names(v.waiting));
    return v.referee ? t('Waiting for the referee…') : '';
  }
  if (!v.done.length) return '';
  return v.waiting.length ? `${t('Sides done: {0}', names(v.done))} · ${t('Still playing: {0}', names(v.waiting))}`
    : t('Every side is done');
}

// A side's Done: pressed, taken back by pressing again (one request at a time, as for
// an action). The server ends the phase when every side is done and no referee device
// is connected; otherwise the referee does.
export async function pressDone() {
  if (state.busy || !state.game) return;
  if (isReferee() || seat().kind !== 'side') return act(['next']);
  const mine = votesNow().done.includes(seat().side);
  state.busy = true;
  render();
  try {
    const heard = state.votesHeard;
    const res = await api.vote(!mine, state.game.turn, state.game.phase);
    keepVotes(res, heard);
  } catch (e) {
    // Refused (the phase ended meanwhile), busy: said, as for an action, never dropped.
    if (e instanceof ApiError && e.status === 401) fail(e);
    else setResult({ error: true, line: e.message });
  }
  state.busy = false;
  await refresh();
}

export function renderBar() {
  const g = state.game || {};
  const s = seat();
  const badge = $('seat');
  badge.className = `seat ${s.kind === 'referee' ? 'referee' : `side-${s.side}`}`;
  badge.textContent = s.kind === 'referee' ? t('Referee') : s.kind === 'side' ? sideName(s.side).replace(/ \(.*$/, '') : t('Public');
  badge.title = badge.textContent;
  $('turn').textContent = g.turn ? t('Turn {0} · {1}', g.turn, g.phase ? tw('phase', g.phase) : '') : '';
  const may = mayDo();
  $('may').textContent = may.join(' · ');
  const next = state.actions.find((a) => a.action === 'next');
  const done = $('done');
  done.hidden = !next;
  done.disabled = !!state.busy;
  const v = votesNow();
  if (isReferee() || s.kind !== 'side') {
    done.textContent = t('Advance');
    done.removeAttribute('aria-pressed');
    done.title = '';
  } else {
    const mine = v.done.includes(s.side);
    done.textContent = mine ? `${t('Done')} ✓` : t('Done');
    done.setAttribute('aria-pressed', mine ? 'true' : 'false');
    done.title = mine ? t('Press again to take it back') : '';
  }
  $('waiting').textContent = next ? waitingLine(s, v) : '';
  const conn = $('conn');
  conn.textContent = state.conn === 'lost'
    ? `${t('Connection lost: reconnecting…')} ${t('Out of date: what you see may have changed.')}`
    : state.stale ? t('Out of date: catching up…') : '';
  $('pass').hidden = false;
}
