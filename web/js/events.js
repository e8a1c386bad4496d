// events.js — following the server's event stream (GET events): a change fetches the
// game again, a "done" event redraws the bar and the referee's view of the votes, and a
// connection lost then back catches up.
import { follow } from './api.js';
import { renderBar } from './bar.js';
import { renderReferee } from './referee.js';
import { state, keepVotes } from './state.js';
import { refresh } from './sync.js';

let stopEvents = null;

let eventTimer = null;

export function restartEvents() {
  if (stopEvents) stopEvents();
  stopEvents = follow((data, type) => {
    if (type === 'done') {
      try {
        keepVotes(JSON.parse(data), state.votesHeard);
      } catch (e) {
        return;
      }
      renderBar();
      renderReferee();
      return;
    }
    clearTimeout(eventTimer);
    eventTimer = setTimeout(refresh, 50);
  }, (s) => {
    const was = state.conn;
    state.conn = s;
    renderBar();
    if (s === 'live' && was === 'lost') refresh();
  });
}
