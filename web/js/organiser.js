// organiser.js — the organiser's page of `grognard serve DIR`: the folder's games
// (name, rules, turn, phase, who follows them, seat by seat) with every seat's link and QR code, a
// new game from a bundled or uploaded scenario or roster (or the editor's battle),
// and the order-of-battle editor (editor.js).
//
// The host token comes in the link's fragment (#h=TOKEN: never sent to the server as a
// URL), is kept in sessionStorage for reloads, and goes with every API request as a
// Bearer token. It is the organiser's alone: a seat's link carries its own token.
import { el, clear } from './dom.js';
import { t, nt, languages, language, setLanguage, onLanguage, translateStatic } from './i18n.js';
import { initEditor } from './editor.js';

const LANG_NAMES = { en: 'English', fr: 'Français', ru: 'Русский' };
const FAMILY_TITLES = { aigles: 'Les Aigles', gdb: 'General de Brigade', gt: 'Grande Tactique' };

function hostToken() {
  const m = /(?:^#|[#&])h=([0-9a-f]{32})/.exec(location.hash);
  if (m) {
    sessionStorage.setItem('grognard-host', m[1]);
    return m[1];
  }
  return sessionStorage.getItem('grognard-host') || '';
}

const token = hostToken();

// A request to the club's API; the answer's JSON, or an Error whose .doc is the body.
export async function call(method, path, body) {
  const res = await fetch(`/api/v1/${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
    cache: 'no-store',
  });
  const doc = await res.json().catch(() => ({}));
  if (!res.ok) {
    const e = new Error((doc.error && doc.error.message) || `HTTP ${res.status}`);
    e.doc = doc;
    throw e;
  }
  return doc;
}

const qrCache = new Map();
async function qrImage(url) {
  if (!qrCache.has(url)) {
    const res = await fetch(`/api/v1/qr?text=${encodeURIComponent(url)}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    qrCache.set(url, res.ok ? URL.createObjectURL(await res.blob()) : '');
  }
  return qrCache.get(url);
}

function seatName(s) {
  if (s.kind === 'referee') return t('Referee');
  if (s.kind === 'public') return t('Spectators');
  return s.side;
}

const open = new Set();

function seatsOf(g) {
  const list = el('ul', { class: 'seats' });
  for (const s of g.seats) {
    const img = el('img', { alt: t('QR code of the link for {0}', seatName(s)) });
    qrImage(s.url).then((src) => { if (src) img.src = src; });
    list.append(el('li', { class: 'seat', dataset: { seat: s.kind === 'side' ? s.side : s.kind } },
      el('strong', { text: seatName(s) }), img,
      el('a', { href: s.url, target: '_blank', rel: 'noopener', text: s.url })));
  }
  return list;
}

function pagesOpen(n) {
  return n === 0 ? t('not connected') : nt('{0} page open', '{0} pages open', n, n);
}

// Who is connected, seat by seat: the pages that follow the game with that seat's token.
function presenceOf(g) {
  return el('ul', { class: 'presence' }, g.seats.map((s) =>
    el('li', { class: s.pages > 0 ? 'on' : 'off',
      dataset: { presence: s.kind === 'side' ? s.side : s.kind, pages: String(s.pages) } },
    el('strong', { text: seatName(s) }), ' ', pagesOpen(s.pages))));
}

function gameItem(g) {
  const shown = open.has(g.name);
  const toggle = el('button', { type: 'button', 'aria-expanded': String(shown), class: 'links',
    onclick: () => { if (open.has(g.name)) open.delete(g.name); else open.add(g.name); render(lastGames); } },
  shown ? t('Hide the links') : t('Seat links and QR codes'));
  const follow = nt('{0} page open', '{0} pages open', g.pages, g.pages);
  return el('li', { class: 'game', dataset: { game: g.name } },
    el('div', { class: 'head' }, el('strong', { text: g.name }), el('span', { text: g.title })),
    el('div', { class: 'meta' },
      `${FAMILY_TITLES[g.family] || g.family} · ${t('turn {0}, {1}', g.turn, g.phase)} · ${follow}` +
      (g.referee_pages > 0 ? ` · ${t('the referee is there')}` : '')),
    presenceOf(g), toggle, shown ? seatsOf(g) : null);
}

let lastGames = [];
let editorRef = null;
function render(games) {
  lastGames = games;
  if (editorRef) editorRef.setGames(games);
  clear(document.getElementById('games'), games.map(gameItem));
  document.getElementById('games-empty').hidden = games.length > 0;
}

export async function refresh() {
  try {
    render((await call('GET', 'games')).games);
  } catch (e) {
    document.getElementById('no-token').hidden = false;
  }
}

function showProblems(list, e) {
  const items = (e.doc && e.doc.problems) || [];
  clear(list, items.length ? items.map((p) => el('li', { text: p.text })) : [el('li', { text: e.message })]);
}

// The new game form: what it sends for each kind of battle.
async function battleOfForm(editor) {
  const source = document.getElementById('new-source').value;
  if (source === 'bundled') return { scenario: document.getElementById('new-bundled').value };
  if (source === 'editor') return { scenario_json: JSON.stringify(editor.scenario()) };
  const f = document.getElementById('new-file').files[0];
  if (!f) throw new Error(t('Choose a file first.'));
  const text = await f.text();
  return /\.csv$/i.test(f.name) || /^\s*[^{\s]/.test(text) ? { roster_csv: text } : { scenario_json: text };
}

export async function createGame(battle) {
  const seed = document.getElementById('new-seed').value.trim();
  const body = {
    ...battle,
    family: document.getElementById('new-family').value,
    seed: seed === '' ? null : Number(seed),
  };
  const name = document.getElementById('new-name').value.trim();
  if (name) body.name = name;
  const g = await call('POST', 'games', body);
  open.add(g.name);
  document.getElementById('new-name').value = '';
  await refresh();
  return g;
}

function setupForm(editor) {
  const source = document.getElementById('new-source');
  const sync = () => {
    document.getElementById('new-bundled-label').hidden = source.value !== 'bundled';
    document.getElementById('new-file-label').hidden = source.value !== 'file';
  };
  source.addEventListener('change', sync);
  sync();
  const problems = document.getElementById('new-problems');
  document.getElementById('new-game').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    clear(problems);
    try {
      await createGame(await battleOfForm(editor));
    } catch (e) {
      showProblems(problems, e);
    }
  });
}

function setupLanguage() {
  const sel = document.getElementById('lang');
  clear(sel, languages().map((l) => el('option', { value: l, text: LANG_NAMES[l] || l })));
  const want = (navigator.language || 'en').slice(0, 2);
  setLanguage(localStorage.getItem('grognard-lang') || want);
  sel.value = language();
  sel.addEventListener('change', () => {
    localStorage.setItem('grognard-lang', sel.value);
    setLanguage(sel.value);
  });
  translateStatic(document);
  onLanguage(() => { translateStatic(document); render(lastGames); });
}

async function main() {
  setupLanguage();
  if (!token) {
    document.getElementById('no-token').hidden = false;
    return;
  }
  const editor = initEditor({ call, start: (sc) => createGame({ scenario_json: JSON.stringify(sc) }) });
  editorRef = editor;
  setupForm(editor);
  try {
    const { scenarios } = await call('GET', 'scenarios');
    clear(document.getElementById('new-bundled'),
      scenarios.map((s) => el('option', { value: s.name, text: `${s.title} (${s.name})` })));
    editor.setSources(scenarios);
  } catch (e) {
    document.getElementById('no-token').hidden = false;
    return;
  }
  await refresh();
  setInterval(refresh, 5000);
}

main();
