// harness.mjs — what the page's browser tests share: a real `grognard serve` on an
// ephemeral loopback port, Debian's Chromium driven by playwright-core, the devices
// (phone, tablet), the layout check and the screenshots.
//
// GROGNARD_BIN  the binary to serve with (tests/web/run.sh sets it)
// GROGNARD_SCREENS  where screenshots go (build/screens)
// CHROMIUM  the browser (default /usr/bin/chromium)
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { before, after } from 'node:test';
import { chromium } from 'playwright-core';

export const BIN = process.env.GROGNARD_BIN || path.resolve('../../build/grognard');
export const SCREENS = process.env.GROGNARD_SCREENS || path.resolve('../../build/screens');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

export const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 1 };
export const PHONE_LANDSCAPE = { viewport: { width: 844, height: 390 }, hasTouch: true, isMobile: true, deviceScaleFactor: 1 };
export const TABLET = { viewport: { width: 1024, height: 768 }, hasTouch: true, deviceScaleFactor: 1 };
export const TABLET_PORTRAIT = { viewport: { width: 768, height: 1024 }, hasTouch: true, deviceScaleFactor: 1 };

// Chromium, or the reason it cannot start (then the tests skip, saying why).
export async function launch() {
  if (!fs.existsSync(CHROMIUM)) return { why: `${CHROMIUM} not found (install Debian's chromium)` };
  try {
    const args = ['--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'];
    if (process.getuid && process.getuid() === 0) args.push('--no-sandbox');
    const browser = await chromium.launch({ executablePath: CHROMIUM, args, timeout: 30000 });
    return { browser };
  } catch (e) {
    return { why: `Chromium cannot start: ${String(e.message).split('\n')[0]}` };
  }
}

// The browser of one test file: launched before its tests, closed after them.
// set(browser, why) hands it to the file, or why there is none (its tests then skip,
// saying why: t.skip(why)).
export function useBrowser(set) {
  let browser = null;
  before(async () => {
    const got = await launch();
    browser = got.browser || null;
    set(browser, got.why || '');
    if (got.why) console.log(`# SKIP the page's browser tests: ${got.why}`);
  });
  after(async () => {
    if (browser) await browser.close();
  });
}

// The layout checks of one view (no horizontal overflow, 44 px targets, AA contrast),
// and its screenshot.
export async function look(page, name) {
  assert.deepEqual(await overflows(page), [], `${name}: elements overflow the viewport`);
  assert.deepEqual(await smallTargets(page), [], `${name}: touch targets under 44 px`);
  assert.deepEqual(await lowContrast(page), [], `${name}: text under AA contrast`);
  await shot(page, name);
}

// Starts `grognard serve ARGS --json` and reads the links it prints.
async function start(args) {
  const child = spawn(BIN, ['serve', ...args, '--json'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stderr.on('data', (d) => { err += d; });
  const info = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`grognard serve did not start: ${err}`));
    }, 15000);
    child.stdout.on('data', (d) => {
      out += d;
      const at = out.indexOf('{');
      if (at < 0) return;
      try {
        const j = JSON.parse(out.slice(at));
        clearTimeout(timer);
        resolve(j);
      } catch (e) { /* not whole yet */ }
    });
    child.on('exit', (code) => { clearTimeout(timer); reject(new Error(`grognard serve exited ${code}: ${err}`)); });
  });
  return { child, info };
}

function stopped(child) {
  return new Promise((r) => { if (child.exitCode !== null || child.signalCode !== null) r(); else child.on('exit', r); });
}

// A new game served on 127.0.0.1 with an ephemeral port: {url(seat...), tokens, api(),
// restart() (the same file, port and tokens), stop()}.
export async function serve(family, seed, extra = []) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'grognard-web-'));
  const file = path.join(dir, `${family}.grog`);
  let { child, info } = await start(['--new', file, '--family', family, '--seed', String(seed),
                                     '--listen', '127.0.0.1:0', ...extra]);
  const tokens = {};
  for (const s of info.seats) tokens[s.kind === 'side' ? s.side : s.kind] = s.token;
  const base = `http://127.0.0.1:${info.port}`;
  const server = {
    base, tokens, file, info,
    url: (...seats) => `${base}/#t=${seats.map((s) => tokens[s]).join(',')}`,
    api: async (seat, method, p, body) => {
      const res = await fetch(`${base}/api/v1/${p}`, {
        method, headers: { Authorization: `Bearer ${tokens[seat]}`, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body) });
      const text = await res.text();
      return { status: res.status, text, json: text.startsWith('{') || text.startsWith('[') ? JSON.parse(text) : null };
    },
    async halt() {
      child.kill('SIGTERM');
      await stopped(child);
    },
    async resume() {
      ({ child } = await start([file, '--listen', `127.0.0.1:${info.port}`]));
    },
    async stop() {
      child.kill('SIGTERM');
      await stopped(child);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  return server;
}

// Runs `grognard ARGS...` to its end: {code, out, err}.
export function cli(...args) {
  return new Promise((resolve) => {
    const child = spawn(BIN, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => { out += d; });
    child.stderr.on('data', (d) => { err += d; });
    child.on('exit', (code) => resolve({ code, out, err }));
  });
}

// A page of a new browser context, recording every response body it receives (the
// event stream too, read from the page's side) so a test can search them.
export async function device(browser, options, url, name) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  page.bodies = [];
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  page.on('response', async (res) => {
    if (!res.url().includes('/api/v1/') || res.url().endsWith('/events')) return;
    try {
      page.bodies.push({ url: res.url(), body: await res.text() });
    } catch (e) { /* a body gone with a navigation */ }
  });
  await page.addInitScript(() => {
    // Keeps a copy of the event stream's text, which Playwright does not hand over.
    const orig = window.fetch;
    window.__events = '';
    window.fetch = async (...args) => {
      const res = await orig(...args);
      if (String(args[0]).endsWith('/api/v1/events') && res.body) {
        const [a, b] = res.body.tee();
        (async () => {
          const r = b.getReader();
          const dec = new TextDecoder();
          for (;;) {
            const { value, done } = await r.read();
            if (done) return;
            window.__events += dec.decode(value);
          }
        })().catch(() => {}); // the page stopped following (an abort)
        return new Response(a, { status: res.status, headers: res.headers });
      }
      return res;
    };
  });
  await page.goto(url);
  await page.waitForSelector('#turn:not(:empty)');
  page.name = name;
  return page;
}

// Every visible element's right edge within the viewport (the map's own drawing is
// clipped by the map and does not count), and an open dialog wholly on the screen.
// Returns the offenders.
export async function overflows(page) {
  return page.evaluate(() => {
    const w = document.documentElement.clientWidth;
    const bad = [];
    if (document.documentElement.scrollWidth > w) bad.push(`document scrolls: ${document.documentElement.scrollWidth} > ${w}`);
    for (const d of document.querySelectorAll('dialog[open]')) {
      const r = d.getBoundingClientRect();
      if (r.top < -0.5 || r.bottom > window.innerHeight + 0.5 || d.scrollHeight > d.clientHeight + 1)
        bad.push(`dialog#${d.id} does not fit the screen: ${Math.round(r.top)}..${Math.round(r.bottom)} of ${window.innerHeight}, content ${d.scrollHeight} in ${d.clientHeight}`);
    }
    for (const e of document.querySelectorAll('body *')) {
      if (e.closest('#map svg') || e.closest('dialog:not([open])')) continue;
      const r = e.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      if (r.right > w + 0.5 || r.left < -0.5)
        bad.push(`${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}.${e.className} [${Math.round(r.left)}, ${Math.round(r.right)}] > ${w}`);
    }
    return bad;
  });
}

// Visible controls smaller than 44 x 44 CSS pixels.
export async function smallTargets(page) {
  return page.evaluate(() => {
    const bad = [];
    for (const e of document.querySelectorAll('button, select, input, summary, [role="tab"]')) {
      const r = e.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || e.closest('#map svg')) continue;
      if (r.width < 43.5 || r.height < 43.5) bad.push(`${e.tagName.toLowerCase()} "${e.textContent.trim().slice(0, 30)}" ${Math.round(r.width)}x${Math.round(r.height)}`);
    }
    return bad;
  });
}

// Text whose contrast with its background is under WCAG AA (4.5:1, 3:1 for large text).
export async function lowContrast(page) {
  return page.evaluate(() => {
    const rgb = (s) => (s.match(/[\d.]+/g) || []).map(Number);
    const lum = ([r, g, b]) => {
      const f = (c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
      return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    const bg = (e) => {
      for (let x = e; x; x = x.parentElement) {
        const c = rgb(getComputedStyle(x).backgroundColor);
        if (c.length === 3 || (c.length === 4 && c[3] > 0.5)) return c.slice(0, 3);
      }
      return [255, 255, 255];
    };
    const bad = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const seen = new Set();
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const e = n.parentElement;
      if (!n.textContent.trim() || seen.has(e) || e.closest('#map svg')) continue;
      seen.add(e);
      const r = e.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || getComputedStyle(e).visibility === 'hidden') continue;
      const cs = getComputedStyle(e);
      const l1 = lum(rgb(cs.color).slice(0, 3));
      const l2 = lum(bg(e));
      const ratio = (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05);
      const size = parseFloat(cs.fontSize);
      const large = size >= 24 || (size >= 18.66 && Number(cs.fontWeight) >= 700);
      if (ratio < (large ? 3 : 4.5)) bad.push(`"${n.textContent.trim().slice(0, 30)}" ${ratio.toFixed(2)}`);
    }
    return bad;
  });
}

// Text cut by its box (issue 28): the bar's texts, the card's terms and values, the
// tabs and every button whose content is wider than the element (scrollWidth against
// clientWidth; a wrapped button fits). The side badge (#seat), a scenario's name cut
// with an ellipsis on purpose, is left out.
export async function clipped(page) {
  return page.evaluate(() => {
    const bad = [];
    const boxes = document.querySelectorAll('#turn, #may, #waiting, #done, .tabs button, .card dt, .card dd, '
      + 'button:not(#seat), .chip');
    for (const e of boxes) {
      const r = e.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || e.closest('dialog:not([open])') || e.closest('[hidden]')) continue;
      if (e.scrollWidth > e.clientWidth + 1)
        bad.push(`${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''} "${e.textContent.trim().slice(0, 40)}": ${e.scrollWidth} in ${e.clientWidth}`);
    }
    return bad;
  });
}

// The ids of the rules (order kinds, formations, arms, statuses, PIP actions: the
// catalogue's contexts) that stand in the page's visible text in English, outside an
// id position (the draft's command line, pieces' and sides' names given in names).
export async function englishIds(page, names) {
  return page.evaluate(async (nm) => {
    const { catalogues } = await import('/static/js/messages.js');
    const table = catalogues[document.documentElement.lang] || {};
    const ids = new Set();
    for (const k of Object.keys(table)) {
      const [ctx, id] = k.split('\u0004');
      if (id && ['order', 'formation', 'arm', 'status', 'pip-action'].includes(ctx) && table[k] !== id) ids.add(id);
    }
    const clone = document.body.cloneNode(true);
    for (const e of clone.querySelectorAll('.draft .words, script, style, [hidden], dialog:not([open])')) e.remove();
    let text = clone.textContent;
    for (const n of nm) text = text.split(n).join(' ');
    const found = new Set();
    for (const w of text.split(/[^A-Za-z0-9_\-\u00C0-\u024F\u0400-\u04FF]+/)) if (ids.has(w)) found.add(w);
    return [...found];
  }, names);
}

export async function shot(page, name) {
  fs.mkdirSync(SCREENS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENS, `${name}.png`) });
}

// Waits until fn() (run in the page) is true.
export async function until(page, fn, arg, timeout = 10000) {
  await page.waitForFunction(fn, arg, { timeout });
}
