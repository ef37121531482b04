/**
 * Bundle budget (decision 034): the gzip size of the JavaScript each route makes the browser load on arrival,
 * read from the Vite manifest of the last build: the entry's static imports, plus the route's lazy chunks and
 * their static imports. Lazily loaded pieces a route fetches only on demand (drag and drop, rare dialogs) do
 * not count. gzip level 9 as the files are precompressed; the same build always gives the same numbers.
 * Exits 1 when a route is over its budget or a listed module is missing from the build.
 *   node scripts/bundle-size.mjs [--json]
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const WEB = 'dist/web';
/**
 * Budgets in kB (1,000 bytes) of gzip; `modules` are the chunks the entry starts for the route, as named in the
 * manifest: a lazy module, or a chunk vite.config.ts names (`full-app`: react-router, TanStack Query and the
 * full app, decision 050). A ratchet: the last measured size rounded up. Issue 15's targets: login 100,
 * calendar and employees 170 kB (decisions 047, 050 and 051; all three meet them). Contracts by date (decision
 * 076) raised calendar to 153 (the engine reads versions by date) and employees to 139 (the contract column);
 * the compact calendar reply (decision 077) raised calendar to 154: its decoder, which saves three quarters of the reply.
 * Readable month cells (decision 086) raised calendar to 155: the week rows' line layout and "+N more".
 * Calendar filters (decision 087) raised calendar to 156: the filter bar, the URL state and applyCalendarFilter load
 * with every view, since the bar shows on arrival (lazy, it would appear a moment after the grid and push it down).
 * The keyboard help (`?`) then moved out of the first load into its own chunk, as the calendar dialogs are.
 * The wallchart (decision 089) raised calendar to 157 and employees to 141: the view's button, shortcut and lazy
 * loader, and the chunks the bundler split anew so the view's own chunk shares them (the view itself loads when chosen).
 * Teams (decision 085) raised employees to 140: the Team column, its filter and the teams read (the Teams dialog and
 * its changes load when first opened).
 * The employee page (decision 088) raised employees to 141: the names link to it and the router knows its route (the
 * page itself is a chunk of its own, loaded when opened).
 * Staff and linked employees (decision 091) raised employees to 142: the Sign-in column and each row's Invite action (the
 * invitation form is a chunk of its own, loaded when first opened).
 * Time off (decision 093) raised login to 83, calendar to 159 and employees to 143: the two pages are chunks of their
 * own, but the entry's preload map names every new chunk, the header links them, the router knows their routes, the
 * calendar reads and draws pending requests, and the shared hours engine, which the request dialog now uses too,
 * became a chunk of its own instead of part of the calendar's (the same bytes plus a chunk's overhead).
 * Shortfalls on the calendar (decision 099) raised calendar to 160 (159.5 measured, +0.8): the reply's coverage
 * decoder, the engine's requiredHours and shortBy, and the marker in the month and week cells, the phone list and
 * the day view (the explanation and the wallchart, which show it too, load when opened).
 * The coverage warning and Capacity (decisions 098, 100) raised calendar to 161 (160.2 measured) and employees to 144
 * (143.1): the header's Capacity link and the router's lazy route, the preload map's new chunks, the API error that
 * keeps its body and the 409's reader, and each dialog's lazy loader of the warning panel (the panel, the chart and
 * the Capacity page are chunks of their own, loaded when needed).
 * One ledger (issue 47, decisions 110-112) raised calendar to 162 (161.1 measured, +0.9 since 160.2): the engine's
 * contract-in-force module and one unit of hours, and the clients in web/lib that the entry loads for the balance
 * preview and the past-change confirmation.
 * Every screen at 300 employees (issue 47, decision 115) raised calendar to 163 (162.4 measured, +0.7 since 161.7 the
 * same day): the filter link's site check and its notice with the site switch (lazy, the notice cost more in the
 * entry's preload map than it saved), the phone cell's compact figure and the month layout's free-line rule.
 */
export const ROUTES = [
  {
    route: 'login',
    path: '/login',
    budgetKb: 83,
    targetKb: 100,
    modules: ['app/signed-out/SignedOutApp.tsx', 'features/auth/LoginPage.tsx'],
  },
  {
    route: 'calendar',
    path: '/',
    budgetKb: 163,
    targetKb: 170,
    modules: ['full-app', 'app/SignedInLayout.tsx', 'features/calendar/CalendarPage.tsx'],
  },
  {
    route: 'employees',
    path: '/employees',
    budgetKb: 144,
    targetKb: 170,
    modules: ['full-app', 'app/SignedInLayout.tsx', 'features/employees/EmployeesPage.tsx'],
  },
];

export function loadManifest(dir = WEB) {
  return JSON.parse(readFileSync(path.join(dir, '.vite/manifest.json'), 'utf8'));
}

/** A module's manifest key, or the key (`_<name>-<hash>.js`) of the one chunk vite.config.ts names `name`. */
function manifestKey(manifest, name) {
  if (manifest[name]) return name;
  const named = Object.keys(manifest).filter((key) => key.startsWith('_') && manifest[key].name === name);
  return named.length === 1 ? named[0] : name;
}

/** Every JS file a route loads before it can draw, each once. */
export function routeFiles(manifest, modules) {
  const files = new Set();
  const visit = (name) => {
    const key = manifestKey(manifest, name);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${name} is not in the build manifest: renamed? update scripts/bundle-size.mjs`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  visit('index.html');
  for (const m of modules) visit(m);
  return [...files].filter((f) => f.endsWith('.js')).sort();
}

export function gzipBytes(file, dir = WEB) {
  return gzipSync(readFileSync(path.join(dir, file)), { level: 9 }).length;
}

export function measureRoutes(dir = WEB) {
  const manifest = loadManifest(dir);
  return ROUTES.map((r) => {
    const files = routeFiles(manifest, r.modules);
    const bytes = files.reduce((sum, f) => sum + gzipBytes(f, dir), 0);
    return { ...r, files: files.length, bytes, kb: Math.round(bytes / 100) / 10 };
  });
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname);
if (isMain) {
  let rows;
  try {
    rows = measureRoutes();
  } catch (err) {
    console.error(`bundle-size: ${err.message}`);
    process.exit(1);
  }
  if (process.argv.includes('--json')) console.log(JSON.stringify(rows));
  let over = 0;
  for (const r of rows) {
    const ok = r.kb <= r.budgetKb;
    if (!ok) over++;
    console.log(
      `${ok ? 'ok  ' : 'OVER'} ${r.route.padEnd(10)} ${String(r.kb).padStart(6)} kB gzip in ${r.files} files (budget ${r.budgetKb} kB)`,
    );
  }
  if (over) {
    console.error(`bundle-size: ${over} route(s) over budget`);
    process.exit(1);
  }
}
