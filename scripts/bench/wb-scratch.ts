import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import { hashPassword } from '../../src/server/auth/passwords';
import { addDaysStr } from '../../src/shared/domain/dates';
import { createBenchSite, freshScratchDatabase, loadExceptions, poolOf, scratchUrl } from './perf-db-data';

const PORT = 3406, BASE = `http://127.0.0.1:${PORT}`;
const today = new Date().toISOString().slice(0, 10);
const database = await freshScratchDatabase();
const hash = await hashPassword('perf-db-bench-pass');
const site = await createBenchSite(database, 'perf-db-http');
await poolOf(database).query(`insert into site_users (site_id, email, username, password_hash, is_admin) values ($1, $2, $2, $3, true)`, [site.siteId, 'b@x.test', hash]);
await loadExceptions(database, site, 7_200, addDaysStr(today, -365), addDaysStr(today, 365));
await poolOf(database).query('analyze');
const child = spawn(process.execPath, [...(process.env.NODE_ARGS?.split(' ').filter(Boolean) ?? []), '--enable-source-maps', 'dist/server/main.js'], { env: { ...process.env, DATABASE_URL: scratchUrl(), PORT: String(PORT), APP_URL: BASE, SEED_DEMO: 'false', NODE_ENV: 'production', LOG_LEVEL: 'error' }, stdio: ['ignore', 'ignore', 'inherit'] });
for (let i = 0; i < 120; i++) { if (await fetch(`${BASE}/api/auth/me`).then((r) => r.status === 401, () => false)) break; await new Promise((r) => setTimeout(r, 500)); }
const res = await fetch(`${BASE}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json', origin: BASE }, body: JSON.stringify({ email: 'b@x.test', password: 'perf-db-bench-pass' }) });
const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
let n = 0;
const mk = (duration: number) => autocannon({ url: `${BASE}/api/exceptions`, duration, connections: 16, method: 'POST', headers: { cookie, origin: BASE, 'content-type': 'application/json' }, requests: [{ setupRequest: (req) => { n++; const startDate = addDaysStr(today, 1 + ((n * 7919) % 300)); return { ...req, body: JSON.stringify({ employeeId: site.employeeIds[(n * 7) % site.employeeIds.length], reasonId: site.reasonIds[0], startDate, endDate: addDaysStr(startDate, n % 3), isFullDay: true, hours: null, notes: null }) }; } }] });
if (process.env.ONE) { await new Promise((r) => setTimeout(r, Number(process.env.ONE))); }
await mk(3);
const { execSync } = await import('node:child_process');
const cpu = () => { const out = execSync(`ps -eo pid,comm,times --no-headers`).toString().trim().split('\n').map((l) => l.trim().split(/\s+/)); let pg = 0, srv = 0; for (const [pid, comm, t] of out) { if (comm === 'postgres') pg += Number(t); if (Number(pid) === child.pid) srv += Number(t); } return { pg, srv, self: process.cpuUsage() }; };
const c0 = cpu();
const r = await mk(Number(process.env.DUR ?? 10));
const c1 = cpu();
console.log(`cpu s: server ${c1.srv - c0.srv}, postgres ${c1.pg - c0.pg}, bench ${((c1.self.user + c1.self.system - c0.self.user - c0.self.system) / 1e6).toFixed(1)} for ${r.requests.total} writes`);
console.log(`write p50 ${r.latency.p50} p90 ${r.latency.p90} p99 ${r.latency.p99} rps ${r.requests.average} non2xx ${r.non2xx}`);
child.kill('SIGTERM');
await new Promise((r) => child.once('exit', r));
await database.close();
