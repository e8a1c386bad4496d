// mock.mjs — FOR EARLY DEVELOPMENT ONLY: a stand-in for `grognard serve` built on the
// CLI, used before the real server landed. The tests never use it.
// Usage: node tests/web/mock.mjs GAME PORT
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';

const [game, port] = process.argv.slice(2);
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const bin = path.join(root, 'build/grognard');
const seats = { ref: { kind: 'referee', side: '' }, fr: { kind: 'side', side: 'french' },
  ap: { kind: 'side', side: 'anglo-portuguese' } };
const scen = JSON.parse(fs.readFileSync(path.join(root, 'data/scenarios/bussaco-1810.json')));
const clients = new Set();
const run = (args) => {
  try { return { ok: true, out: execFileSync(bin, args, { encoding: 'utf8' }) }; }
  catch (e) { return { ok: false, out: e.stdout || '', err: e.stderr || '' }; }
};
const send = (res, code, body, type) => {
  res.writeHead(code, { 'Content-Type': type || 'application/json', 'Cache-Control': 'no-store' });
  res.end(typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body));
};
const types = { html: 'text/html', css: 'text/css', js: 'text/javascript', png: 'image/png' };

http.createServer(async (req, res) => {
  const url = new URL(req.url, 'http://x');
  if (!url.pathname.startsWith('/api/')) {
    const rel = url.pathname === '/' ? 'index.html' : url.pathname.replace(/^\/static\//, '');
    const f = path.join(root, 'web', path.normalize(rel));
    if (!f.startsWith(path.join(root, 'web')) || !fs.existsSync(f)) return send(res, 404, 'no');
    return send(res, 200, fs.readFileSync(f), types[f.split('.').pop()]);
  }
  const tok = (req.headers.authorization || '').replace(/^Bearer /, '');
  const seat = seats[tok];
  if (!seat) return send(res, 401, { error: { code: 'unauthorized', message: 'no such token' } });
  const sideArgs = seat.side ? ['--side', seat.side] : [];
  let body = '';
  for await (const c of req) body += c;
  const p = url.pathname.replace('/api/v1/', '');
  if (p === 'events') {
    res.writeHead(200, { 'Content-Type': 'text/event-stream' });
    res.write(': hi\n\n');
    clients.add(res);
    req.on('close', () => clients.delete(res));
    return;
  }
  if (p === 'game') {
    const st = JSON.parse(run(['status', game, '--json', ...sideArgs]).out);
    return send(res, 200, { ...st, seat, sides: scen.sides,
      officers: scen.officers.map((o) => ({ id: o.id, name: o.name, side: o.side, role: o.role, state: 'active' })),
      units: scen.units.map((u) => ({ id: u.id, name: u.name, side: u.side, arm: u.arm, formation: u.formation, status: u.status })) });
  }
  if (p === 'map.svg') return send(res, 200, run(['map']).out, 'image/svg+xml');
  if (p.startsWith('log')) return send(res, 200, run(['log', game, '--json', ...sideArgs]).out);
  if (p === 'actions') {
    const mine = (o) => seat.kind === 'referee' || o.side === seat.side;
    return send(res, 200, { actions: [
      { action: 'order', help: 'a C-in-C changes a brigade order (GDB-02)', args: [
        { name: 'general', kind: 'officer', choices: scen.officers.filter((o) => mine(o) && o.role === 'commander-in-chief').map((o) => o.id) },
        { name: 'brigade', kind: 'officer', choices: scen.officers.filter((o) => mine(o) && o.role === 'brigade').map((o) => o.id) },
        { name: 'order', kind: 'order-kind', choices: ['attack', 'defend', 'hold', 'support', 'reserve', 'withdraw'] }],
        roll: { dice: '2d6' } },
      { action: 'next', help: 'end the phase', args: [], roll: null },
      ...(seat.kind === 'referee' ? [{ action: 'event', help: 'melee', args: [{ name: 'what', kind: 'word', choices: ['melee'] },
        { name: 'unit', kind: 'unit', choices: scen.units.map((u) => u.id) }, { name: 'result', kind: 'word', choices: ['start', 'won', 'lost'] }], roll: null }] : []),
    ] });
  }
  const j = body ? JSON.parse(body) : {};
  let r;
  if (p === 'preview') r = run(['do', ...sideArgs, game, 'explain', ...j.words, '--json']);
  else if (p === 'do') r = run(['do', ...sideArgs, game, ...j.words, ...(j.roll !== undefined ? ['--roll', String(j.roll)] : []), '--json']);
  else if (p === 'undo') r = run(['undo', game, '--json']);
  else return send(res, 404, { error: { code: 'not-found', message: 'no such endpoint' } });
  if (!r.ok) return send(res, 409, { error: { code: 'refused', message: (r.err || r.out).trim().split('\n').pop() } });
  if (p !== 'preview') for (const c of clients) c.write(`data: {"seq":0}\n\n`);
  return send(res, 200, r.out);
}).listen(Number(port), '127.0.0.1');
