import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|map)$/;

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    // .vite holds the build manifest, which the server never sends.
    if (statSync(full).isDirectory()) {
      if (entry !== '.vite') yield* files(full);
    } else yield full;
  }
}

/** Writes `.br` (quality 11) and `.gz` (level 9) beside each compressible file of a folder; returns how many. */
export function precompressDir(dir: string): number {
  let count = 0;
  for (const file of files(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    // Small files too: without a copy the server's on-the-fly compression would take them on each request.
    const body = readFileSync(file);
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    );
    writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
    count++;
  }
  return count;
}

/**
 * Compression at build, once, at the strongest settings: the server then only picks the file the client
 * accepts (decision 033) instead of spending request time on it.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'hoursight-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      precompressDir(outDir);
    },
  };
}
