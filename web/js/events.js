// events.js — following the server's event stream (GET events): a change fetches the
// game again, a "done" event redraws the bar and the referee's view of the votes, a
// "resync" fetches everything again, and a connection lost then back catches up (the
// page is out of date from the loss until a refresh succeeds).
import { follow } from './api.js';
import { renderBar } from './bar.js';
import { renderReferee } from './referee.js';
import { state, keepVotes } from './state.js';
import { refresh, rebuild } from './sync.js';

let stopEvents = null;

let eventTimer = null;

// The device says its network went (a phone in a tunnel, Wi-Fi off): the page is out of
// date from now on, whatever the stream seems to say; back on, a new stream and a fetch.
let watching = false;
function watchNetwork() {
  if (watching) return;
  watching = true;
  window.addEventListener('offline', () => {
    state.conn = 'lost';
    state.stale = true;
    renderBar();
  });
  window.addEventListener('online', () => {
    restartEvents();
    refresh();
  });
}

export function restartEvents() {
  watchNetwork();
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
    eventTimer = setTimeout(type === 'resync' ? rebuild : refresh, 50);
  }, (s) => {
    const was = state.conn;
    state.conn = s;
    if (s === 'lost') state.stale = true; // events may be missed meanwhile
    renderBar();
    if (s === 'live' && was === 'lost') refresh();
  });
}
