import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { precompress } from './scripts/precompress';

export default defineConfig({
  root: 'src/web',
  plugins: [react(), tailwindcss(), precompress()],
  // The manifest lets scripts/bundle-size.mjs follow each route's chunks (decision 034).
  build: { outDir: '../../dist/web', emptyOutDir: true, chunkSizeWarningLimit: 800, manifest: true },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/auth': 'http://localhost:3000' },
  },
});
