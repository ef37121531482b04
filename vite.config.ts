import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { precompress } from './scripts/precompress';

export default defineConfig({
  root: 'src/web',
  plugins: [react(), tailwindcss(), precompress()],
  // The manifest lets scripts/bundle-size.mjs follow each route's chunks (decision 034).
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    chunkSizeWarningLimit: 800,
    manifest: true,
    // Building a zod schema has no effect outside it, so a page that takes only a constant from a shared
    // contract leaves that file's schemas, and zod itself, out of its chunk (decision 034).
    rolldownOptions: { treeshake: { manualPureFunctions: ['z'] } },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/auth': 'http://localhost:3000' },
  },
});
