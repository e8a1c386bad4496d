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

// The last answer to each GET of a document with an ETag (game, actions, map.svg): sent
// back as If-None-Match, and a 304 answers from it without the document travelling.
const kept = new Map();

async function request(method, path, body, extra) {
  const h = headers({ ...(body ? { 'Content-Type': 'application/json' } : {}), ...(extra || {}) });
  const old = method === 'GET' ? kept.get(`${token} ${path}`) : null;
  if (old) h['If-None-Match'] = old.etag;
  const init = { method, headers: h, cache: 'no-store' };
  if (body !== undefined) init.body = JSON.stringify(body);
  const res = await fetch(`/api/v1/${path}`, init);
  if (res.status === 304 && old) return old.data;
  const text = await res.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch (e) {
    data = null;
  }
  if (!res.ok) throw new ApiError(res.status, data);
  const out = data === null ? text : data;
  const etag = res.headers.get('ETag');
  if (method === 'GET' && etag) kept.set(`${token} ${path}`, { etag, data: out });
  return out;
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
  game: () => request('GET', 'game'),
  actions: () => request('GET', 'actions'),
  claims: () => request('GET', 'claims'),
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
  async map(query) {
    const path = `map.svg${query ? `?${query}` : ''}`;
    const h = headers({ Accept: 'image/svg+xml' });
    const old = kept.get(`${token} ${path}`);
    if (old) h['If-None-Match'] = old.etag;
    const res = await fetch(`/api/v1/${path}`, { headers: h, cache: 'no-store' });
    if (res.status === 304 && old) return old.data;
    const text = await res.text();
    if (!res.ok) {
      let data = null;
      try { data = JSON.parse(text); } catch (e) { data = null; }
      throw new ApiError(res.status, data);
    }
    const etag = res.headers.get('ETag');
    if (etag) kept.set(`${token} ${path}`, { etag, data: text });
    return text;
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
