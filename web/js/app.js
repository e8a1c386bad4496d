// app.js — the table page: its screens wired together, then started.
//
// The page is split by screen: the bar (bar.js), the map (map.js), the Piece tab's card
// (card.js) and draft (draft.js, numpad.js), the Log tab (log.js), the Referee tab
// (referee.js), the Report tab and the dice (report.js), the result strip (result.js),
// the open claims (claims.js), the hand-off (handoff.js). Under them:
// what the page holds (state.js), the action being put together (action.js), the
// server (sync.js, events.js, api.js) and the words (words.js, i18n.js). This file
// keeps the panel's tabs, wires the controls and starts the page (docs/page.md).
import { currentToken, fragment } from './api.js';
import { MapView } from './map.js';
import { el, clear } from './dom.js';
import { t, setLanguage, language, languages, onLanguage, translateStatic } from './i18n.js';
import { maybePreview } from './action.js';
import { pressDone, renderBar } from './bar.js';
import { renderPiece, select } from './card.js';
import { renderClaims } from './claims.js';
import { restartEvents } from './events.js';
import { handoff } from './handoff.js';
import { renderLog } from './log.js';
import { renderReferee } from './referee.js';
import { renderReport } from './report.js';
import { renderResult } from './result.js';
import { state, seat, pieces, isReferee, save, restore, map, setMap, render, onRender, $ } from './state.js';
import { refresh, act } from './sync.js';

const LANG_NAMES = { en: 'English', fr: 'Français', ru: 'Русский' };

function renderTabs() {
  $('tab-referee').hidden = !isReferee();
  if (state.tab === 'referee' && !isReferee()) state.tab = 'piece';
  for (const b of document.querySelectorAll('.tabs button')) {
    const on = b.dataset.tab === state.tab;
    b.setAttribute('aria-selected', on ? 'true' : 'false');
    b.tabIndex = on ? 0 : -1;
    $(`pane-${b.dataset.tab}`).hidden = !on;
  }
}

function wire() {
  onRender(renderBar, renderTabs, renderPiece, renderLog, renderReport, renderReferee, renderResult, renderClaims);
  setMap(new MapView($('map'), (id) => select(id)));
  // The pieces this seat may move now: move's choices in the actions list (docs/page.md).
  map.movable = (id) => {
    const m = state.actions.find((a) => a.action === 'move');
    const arg = m && (m.args || []).find((a) => a.name === 'id');
    return !!(id && arg && (arg.choices || []).includes(id));
  };
  map.onMove = (words, id) => { state.selected = id; act(words); };
  $('legend-toggle').addEventListener('click', () => {
    const open = $('map').classList.toggle('legend-open');
    $('legend-toggle').setAttribute('aria-pressed', open ? 'true' : 'false');
  });
  for (const b of document.querySelectorAll('.tabs button')) {
    b.addEventListener('click', () => { state.tab = b.dataset.tab; render(); });
    b.addEventListener('keydown', (e) => {
      const tabs = [...document.querySelectorAll('.tabs button:not([hidden])')];
      const i = tabs.indexOf(b);
      const j = e.key === 'ArrowRight' ? i + 1 : e.key === 'ArrowLeft' ? i - 1 : null;
      if (j === null) return;
      const to = tabs[(j + tabs.length) % tabs.length];
      to.focus();
      to.click();
    });
  }
  $('done').addEventListener('click', () => pressDone());
  $('may').addEventListener('click', () => $('may').classList.toggle('open'));
  const menu = $('menu');
  $('menu-button').addEventListener('click', () => {
    menu.hidden = !menu.hidden;
    $('menu-button').setAttribute('aria-expanded', menu.hidden ? 'false' : 'true');
  });
  document.addEventListener('keydown', (e) => { if (e.key === 'Escape' && !menu.hidden) { menu.hidden = true; $('menu-button').focus(); } });
  $('pass').addEventListener('click', () => { menu.hidden = true; handoff(); });
  $('whole').addEventListener('click', () => { menu.hidden = true; map.reset(); save(); });
  const lang = $('lang');
  for (const code of languages()) lang.append(el('option', { value: code }, LANG_NAMES[code] || code));
  lang.value = language();
  lang.addEventListener('change', () => {
    setLanguage(lang.value);
    sessionStorage.setItem('grognard.lang', lang.value);
  });
  onLanguage(() => { translateStatic(document); refresh(); });
  window.addEventListener('hashchange', () => location.reload());
  let saveTimer = null;
  $('map').addEventListener('pointerup', () => { clearTimeout(saveTimer); saveTimer = setTimeout(save, 300); });
  $('map').addEventListener('wheel', () => { clearTimeout(saveTimer); saveTimer = setTimeout(save, 300); });
}

export async function main() {
  wire();
  const f = fragment();
  const code = f.lang || sessionStorage.getItem('grognard.lang') || (navigator.language || 'en').slice(0, 2);
  setLanguage(code);
  $('lang').value = language();
  translateStatic(document);
  if (!currentToken()) {
    clear($('fatal'), el('h2', {}, t('No seat in this link')),
      el('p', {}, t('Open the link or scan the QR code that grognard serve printed for your side.')));
    $('fatal').hidden = false;
    return;
  }
  const kept = restore();
  state.selected = kept.selected || '';
  state.tab = kept.tab || 'piece';
  state.logTurn = kept.logTurn || '';
  await refresh();
  if (kept.view && map.full) {
    map.view = kept.view;
    map.apply();
  } else if (seat().kind === 'side') {
    // A side opens on its own pieces, not the whole table (docs/page.md).
    map.fit(pieces().filter((p) => p.side === seat().side).map((p) => p.id));
    save();
  }
  // #piece=ID (a printed roster's QR code, docs/page.md): that piece's card, centred.
  if (f.piece && state.game) select(f.piece, true);
  if (kept.draft) {
    const a = state.actions.find((x) => (x.words || [x.action]).join(' ') === kept.draft.words);
    if (a && Array.isArray(kept.draft.values) && kept.draft.values.length === (a.args || []).length) {
      state.draft = { action: a, values: kept.draft.values, preview: null, error: '' };
      await maybePreview();
    }
  }
  restartEvents();
}

main();
