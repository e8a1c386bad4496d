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

async function request(method, path, body) {
  const init = { method, headers: headers(body ? { 'Content-Type': 'application/json' } : {}),
                 cache: 'no-store' };
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

export const api = {
  game: () => request('GET', 'game'),
  actions: () => request('GET', 'actions'),
  log: (since) => request('GET', `log?since=${since || 0}`),
  preview: (words) => request('POST', 'preview', { words }),
  act: (words, roll) => request('POST', 'do', roll === undefined ? { words } : { words, roll }),
  undo: () => request('POST', 'undo', {}),
  // The sides' Done (docs/api.md): who is done with the present phase; a side's vote.
  done: () => request('GET', 'done'),
  vote: (done, turn, phase) => request('POST', 'done', { done, turn, phase }),
  async map(query) {
    const res = await fetch(`/api/v1/map.svg${query ? `?${query}` : ''}`,
                            { headers: headers({ Accept: 'image/svg+xml' }), cache: 'no-store' });
    const text = await res.text();
    if (!res.ok) {
      let data = null;
      try { data = JSON.parse(text); } catch (e) { data = null; }
      throw new ApiError(res.status, data);
    }
    return text;
  },
};

// Follows GET events (Server-Sent Events) through fetch, since EventSource cannot send
// the Authorization header. onEvent(data, type) for each event (type: "journal", the
// position moved; "done", the sides' Done changed); onState('live'|'lost') as the
// connection comes and goes. It reconnects by itself, waiting longer each time (up to
// 10 s). Returns a function that stops it.
export function follow(onEvent, onState) {
  let stopped = false;
  let ctrl = null;
  let wait = 500;
  async function once() {
    ctrl = new AbortController();
    const res = await fetch('/api/v1/events', { headers: headers({ Accept: 'text/event-stream' }),
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
