import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { OutputBundle } from 'rolldown';
import type { Plugin } from 'vite';

/**
 * The installable app's service worker (decision 093), written at build beside the assets as `/sw.js`. It
 * keeps the app shell: the page, boot.js, the manifest and icons, and the entry's own chunks and styles
 * ahead of time; every other hashed file under /assets/ the first time it is used. Its cache is named after
 * the build, so a new build's worker drops the old files. It never answers /api, /auth or anything else: those
 * go to the network as if it did not exist, so no reply that carries data is ever kept.
 */

/** Files of `public/` the shell needs, served from the root. */
export const PUBLIC_SHELL = [
  '/',
  '/boot.js',
  '/manifest.webmanifest',
  '/icons/icon-192.png',
  '/icons/icon-512.png',
  '/icons/maskable-512.png',
];

/** The entry chunk, what it imports statically, and their styles: what the first screen needs before anything else. */
export function entryFiles(bundle: OutputBundle): string[] {
  const chunks = Object.values(bundle).filter((f) => f.type === 'chunk');
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const out = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = byName.get(fileName);
    if (!chunk || out.has(fileName)) return;
    out.add(fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) out.add(css);
    for (const dep of chunk.imports) visit(dep);
  };
  for (const c of chunks) if (c.isEntry) visit(c.fileName);
  return [...out].sort().map((f) => `/${f}`);
}

/**
 * The worker's source for one build. Its version hashes every file name the build wrote (names carry content
 * hashes) and the contents of the shell's `public/` files, which keep their names when they change.
 */
export function serviceWorkerSource(bundle: OutputBundle, publicDir: string): string {
  const hash = createHash('sha256').update(Object.keys(bundle).sort().join('\n'));
  for (const file of PUBLIC_SHELL) if (file !== '/') hash.update(readFileSync(path.join(publicDir, file)));
  const version = hash.digest('hex').slice(0, 12);
  const shell = [...PUBLIC_SHELL, ...entryFiles(bundle)];
  return `// Written by the build (scripts/service-worker.ts); do not edit.
const CACHE = 'hoursight-shell-${version}';
const SHELL = ${JSON.stringify(shell)};

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('hoursight-shell-') && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // Pages: the network first, so a signed-in page is always current; the kept shell only when offline.
  if (request.mode === 'navigate') {
    event.respondWith(fetch(request).catch(() => caches.match('/', { cacheName: CACHE }).then((hit) => hit || Response.error())));
    return;
  }
  // Hashed build files never change under their name: kept once fetched.
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(
      caches.open(CACHE).then((cache) =>
        cache.match(request).then(
          (hit) =>
            hit ||
            fetch(request).then((response) => {
              if (response.ok) cache.put(request, response.clone());
              return response;
            }),
        ),
      ),
    );
    return;
  }
  if (SHELL.includes(url.pathname)) event.respondWith(caches.match(request, { cacheName: CACHE }).then((hit) => hit || fetch(request)));
  // Everything else (/api, /auth, feeds, downloads) is not answered here: the browser fetches it as usual.
});
`;
}

/**
 * Registers the worker once the page has loaded, so its first download of the shell never competes with the
 * first screen. A file of its own rather than app code: it costs the entry nothing, and only a build has it.
 */
export const REGISTER_SOURCE = `// Written by the build (scripts/service-worker.ts); do not edit.
if ('serviceWorker' in navigator) {
  window.addEventListener('load', function () {
    navigator.serviceWorker.register('/sw.js').catch(function () {
      // Not installable then (a private window, a blocked worker): the app works the same without it.
    });
  });
}
`;

/** Production builds only (`apply: 'build'`): the dev server has no worker, which would keep stale modules. */
export function serviceWorker(): Plugin {
  let publicDir = '';
  return {
    name: 'hoursight-service-worker',
    apply: 'build',
    configResolved(config) {
      publicDir = config.publicDir;
    },
    transformIndexHtml: () => [{ tag: 'script', attrs: { src: '/sw-register.js', defer: true }, injectTo: 'head' }],
    generateBundle(_options, bundle) {
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: serviceWorkerSource(bundle as unknown as OutputBundle, publicDir) });
      this.emitFile({ type: 'asset', fileName: 'sw-register.js', source: REGISTER_SOURCE });
    },
  };
}
