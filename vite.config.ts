import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { precompress } from './scripts/precompress.ts';
import { serviceWorker } from './scripts/service-worker.ts';

/**
 * The full app's one file (decision 050): react-router, TanStack Query and the app modules the full app
 * holds and its pages share. The entry imports the calendar's and employees' chunks directly, to start them
 * alongside the full app; left alone, rolldown would split what those pages share with the full app into
 * several small common chunks, each a request and a gzip stream of its own. TanStack Virtual is not in it:
 * only the wallchart, a lazy chunk, uses it (decision 090).
 */
const FULL_APP =
  /node_modules[\\/](react-router|@tanstack[\\/](react-query|query-core))[\\/]|src[\\/]web[\\/](app[\\/](FullApp|router|providers|first-load|screens)\.tsx?|components[\\/](RouteError\.tsx|ui[\\/]toast(\.tsx|-store\.ts))|lib[\\/]session\.ts|features[\\/]calendar[\\/]bundle\.ts)$/;

export default defineConfig({
  root: 'src/web',
  plugins: [react(), tailwindcss(), serviceWorker(), precompress()],
  // The manifest lets scripts/bundle-size.mjs follow each route's chunks (decision 034).
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    chunkSizeWarningLimit: 800,
    manifest: true,
    // Building a zod schema has no effect outside it, so a page that takes only a constant from a shared
    // contract leaves that file's schemas, and zod itself, out of its chunk (decision 034).
    rolldownOptions: {
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        codeSplitting: {
          groups: [
            // What the entry imports statically stays in the entry's file, not in small chunks it shares with pages.
            { name: 'boot', tags: ['$initial'] },
            { name: 'full-app', test: FULL_APP, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/auth': 'http://localhost:3000' },
  },
});
