// handoff.js — one device passed from side to side: the screen hides until the next
// player taps, then shows the next seat's own view (its token, its kept view).
import { tokens, useToken } from './api.js';
import { el, clear, button } from './dom.js';
import { t } from './i18n.js';
import { restartEvents } from './events.js';
import { state, restore, $ } from './state.js';
import { refresh } from './sync.js';

export function handoff() {
  const all = tokens();
  const box = $('handoff');
  const nextIndex = all.length > 1 ? (state.seatIndex + 1) % all.length : state.seatIndex;
  clear(box, el('h2', {}, t('Pass the device to the other side')),
    el('p', {}, all.length > 1 ? t('The next player taps below to see their own view.')
      : t('The screen stays hidden until the next player taps.')),
    button(t('Show my view'), async () => {
      box.hidden = true;
      if (nextIndex !== state.seatIndex) {
        state.seatIndex = nextIndex;
        useToken(all[nextIndex]);
        Object.assign(state, { game: null, actions: [], log: [], draft: null, result: null });
        const kept = restore();
        state.selected = kept.selected || '';
        state.tab = kept.tab || 'piece';
        restartEvents();
        await refresh();
      }
    }, { class: 'primary', dataset: { do: 'handoff-show' } }));
  state.draft = null;
  box.hidden = false;
  box.querySelector('button').focus();
}
