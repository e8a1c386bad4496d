// api.js — the page's only way to the server: the JSON API under /api/v1/ (docs/api.md).
//
// The seat's token comes from the URL fragment (#t=TOKEN; several, comma separated,
// for one tablet shared by the sides) and is sent as "Authorization: Bearer", never in
// a URL, so it is in no request line and no server log. Errors come back as thrown
// ApiError carrying the server's {"error": {code, message, rule}} and the HTTP status.
import { language } from './i18n.js';

export class ApiError extends Error {
  constructor(status, body) {
    const e = (body && body.error) || {};
    super(e.message || `HTTP ${status}`);
    this.status = status;
    this.code = e.code || '';
    this.rule = e.rule || '';
  }
}

// The fragment's parameters: t (tokens, comma separated), lang.
export function fragment() {
  const out = {};
  for (const part of location.hash.replace(/^#/, '').split('&')) {
    const eq = part.indexOf('=');
    if (eq > 0) out[decodeURIComponent(part.slice(0, eq))] = decodeURIComponent(part.slice(eq + 1));
  }
  return out;
}

export function tokens() {
  const t = fragment().t || '';
  return t.split(',').map((s) => s.trim()).filter((s) => /^[A-Za-z0-9_-]+$/.test(s));
}

let token = tokens()[0] || '';

export function useToken(t) {
  token = t;
}

export function currentToken() {
  return token;
}

function headers(extra) {
  const h = { Accept: 'application/json', 'Accept-Language': language(), ...extra };
  if (token) h.Authorization = `Bearer ${token}`;
  return h;
}

async function request(method, path, body, extra) {
  const h = headers({ ...(body ? { 'Content-Type': 'application/json' } : {}), ...(extra || {}) });
  const init = { method, headers: h, cache: 'no-store' };
  if (body !== undefined) init.body = JSON.stringify(body);
  const res = await fetch(`/api/v1/${path}`, init);
  const text = await res.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch (e) {
    data = null;
  }
  if (!res.ok) throw new ApiError(res.status, data);
  return data === null ? text : data;
}

// The seat's documents (game, actions, claims, map.svg) as last received: their ETag,
// their text and (JSON) its parsed form. Each GET sends the ETag back (If-None-Match) with
// "A-IM: lines" (docs/api.md, RFC 3229): a 304 answers from what is kept; a 226 carries
// only the lines that changed, applied here to the kept text.
const kept = new Map();

// The text kept for a document of this token's seat ('game', 'map.svg'...): what the page
// shows, as the server last sent it, whole or patched (undefined before the first GET).
export function held(path) {
  const k = kept.get(`${token} ${path}`);
  return k ? k.text : undefined;
}

// The text a 226's body makes of the text held ({"lines": N, "hunks": [[start, deleted,
// [new lines]], ...]}, docs/api.md), or null when the body does not fit it: a hunk out of
// order or outside the text, or not N lines in the end.
export function applyLines(text, delta) {
  if (!delta || !Array.isArray(delta.hunks) || !Number.isInteger(delta.lines)) return null;
  const old = text.split('\n');
  const out = [];
  let pos = 0;
  for (const h of delta.hunks) {
    if (!Array.isArray(h) || h.length !== 3) return null;
    const [start, deleted, lines] = h;
    if (!Number.isInteger(start) || !Number.isInteger(deleted) || !Array.isArray(lines) ||
        start < pos || deleted < 0 || start + deleted > old.length) return null;
    for (; pos < start; pos++) out.push(old[pos]);
    for (const line of lines) {
      if (typeof line !== 'string') return null;
      out.push(line);
    }
    pos = start + deleted;
  }
  for (; pos < old.length; pos++) out.push(old[pos]);
  return out.length === delta.lines ? out.join('\n') : null;
}

// A 226's text, or null (then the page asks for the whole document).
function patched(old, res, body) {
  try {
    const delta = JSON.parse(body);
    if (res.headers.get('IM') !== 'lines' || delta.base !== old.etag ||
        delta.etag !== res.headers.get('ETag')) return null;
    return applyLines(old.text, delta);
  } catch (e) {
    return null;
  }
}

// GET of a document: its parsed JSON (json) or its text; whole when nothing is kept, when
// a delta does not apply or its result does not parse.
async function documentOf(path, accept, json) {
  const key = `${token} ${path}`;
  const old = kept.get(key);
  const h = headers({ Accept: accept });
  if (old) {
    h['If-None-Match'] = old.etag;
    h['A-IM'] = 'lines';
  }
  let res = await fetch(`/api/v1/${path}`, { headers: h, cache: 'no-store' });
  if (res.status === 304 && old) return old.data;
  let text = await res.text();
  let data = null;
  if (res.status === 226) {
    text = old ? patched(old, res, text) : null;
    try {
      data = text !== null && json ? JSON.parse(text) : text;
    } catch (e) {
      text = null;
    }
    if (text === null) {
      kept.delete(key);
      res = await fetch(`/api/v1/${path}`, { headers: headers({ Accept: accept }), cache: 'no-store' });
      text = await res.text();
    }
  }
  if (res.status !== 226) {
    try {
      data = json || !res.ok ? JSON.parse(text) : text;
    } catch (e) {
      data = json ? null : text;
    }
    if (!res.ok) throw new ApiError(res.status, data);
  }
  const etag = res.headers.get('ETag');
  if (etag) kept.set(key, { etag, text, data });
  else kept.delete(key);
  return data;
}

// A fresh Idempotency-Key (docs/api.md): the same press sent again (a retry after a lost
// answer) is applied once. crypto.randomUUID needs a secure context, which a table's
// http://192.168.x.y page is not; getRandomValues does not.
export function newKey() {
  const b = new Uint8Array(16);
  crypto.getRandomValues(b);
  return Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
}

// A POST that changes the game, with its key; a network failure (not an answer) is
// tried again with the same key, twice, so that the press counts once whatever was lost.
async function change(path, body) {
  const key = { 'Idempotency-Key': newKey() };
  for (let attempt = 0; ; attempt++) {
    try {
      return await request('POST', path, body, key);
    } catch (e) {
      if (e instanceof ApiError || attempt >= 2) throw e;
      await new Promise((r) => setTimeout(r, 500 * (attempt + 1)));
    }
  }
}

function withMeasures(body, measures) {
  return measures && Object.keys(measures).length ? { ...body, measures } : body;
}

export const api = {
  game: () => documentOf('game', 'application/json', true),
  actions: () => documentOf('actions', 'application/json', true),
  claims: () => documentOf('claims', 'application/json', true),
  log: (since) => request('GET', `log?since=${since || 0}`),
  // measures: the ones taken at the table for this action, {"FROM:TO": "28cm"}
  // (docs/api.md); sent only when there are some.
  preview: (words, measures) => request('POST', 'preview', withMeasures({ words }, measures)),
  act: (words, roll, measures) =>
    change('do', withMeasures(roll === undefined ? { words } : { words, roll }, measures)),
  undo: () => change('undo', {}),
  // The sides' Done (docs/api.md): who is done with the present phase; a side's vote.
  done: () => request('GET', 'done'),
  vote: (done, turn, phase) => change('done', { done, turn, phase }),
  // After the battle (docs/api.md): the seat's report as a page of its own (HTML with its
  // SVG charts), the referee's end of the game, and the dice checked against the seed.
  reportHtml: () => request('GET', 'report.html', undefined, { Accept: 'text/html' }),
  end: () => change('end', {}),
  verify: () => request('GET', 'verify'),
  // The step-through (docs/api.md): the map as it was after journal entry n, for this seat.
  async atSvg(n) {
    const res = await fetch(`/api/v1/at.svg?n=${Number(n)}`, { headers: headers({ Accept: 'image/svg+xml' }), cache: 'no-store' });
    const text = await res.text();
    if (!res.ok) {
      let data = null;
      try { data = JSON.parse(text); } catch (e) { data = null; }
      throw new ApiError(res.status, data);
    }
    return text;
  },
  map(query) {
    return documentOf(`map.svg${query ? `?${query}` : ''}`, 'image/svg+xml', false);
  },
};

// Follows GET events (Server-Sent Events) through fetch, since EventSource cannot send
// the Authorization header. onEvent(data, type) for each event (type: "journal", the
// position moved; "done", the sides' Done changed; "resync", too much was missed: fetch
// everything again); onState('live'|'lost') as the connection comes and goes. It
// reconnects by itself, waiting longer each time (up to 10 s), and says where it was
// (Last-Event-ID). Returns a function that stops it.
export function follow(onEvent, onState) {
  let stopped = false;
  let ctrl = null;
  let wait = 500;
  let lastId = '';
  async function once() {
    ctrl = new AbortController();
    const extra = { Accept: 'text/event-stream' };
    if (lastId) extra['Last-Event-ID'] = lastId;
    const res = await fetch('/api/v1/events', { headers: headers(extra),
                                                signal: ctrl.signal, cache: 'no-store' });
    if (!res.ok || !res.body) throw new ApiError(res.status, null);
    onState('live');
    wait = 500;
    const reader = res.body.getReader();
    const dec = new TextDecoder();
    let buf = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buf += dec.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
      let end;
      while ((end = buf.indexOf('\n\n')) >= 0) {
        const block = buf.slice(0, end);
        buf = buf.slice(end + 2);
        const lines = block.split('\n');
        const data = lines.filter((l) => l.startsWith('data:'))
          .map((l) => l.slice(5).replace(/^ /, '')).join('\n');
        const type = (lines.find((l) => l.startsWith('event:')) || 'event: message').slice(6).trim();
        const id = lines.find((l) => l.startsWith('id:'));
        if (id) lastId = id.slice(3).trim();
        if (data) onEvent(data, type);
      }
    }
  }
  (async () => {
    while (!stopped) {
      try {
        await once();
      } catch (e) {
        if (stopped) return;
      }
      if (stopped) return;
      onState('lost');
      await new Promise((r) => setTimeout(r, wait));
      wait = Math.min(wait * 2, 10000);
    }
  })();
  return () => {
    stopped = true;
    if (ctrl) ctrl.abort();
  };
}
