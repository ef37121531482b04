import path from 'node:path';
import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { App } from './types';

/**
 * Brotli for replies made on the request path: quality 4, and a 256 kB window (lgwin 18) instead of the 4 MB
 * default, since replies are smaller than that and every concurrent stream holds its window in native memory
 * (decision 077: 32 first loads compressing at once held ~150 MB more).
 */
export const BROTLI_ON_THE_FLY = { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_LGWIN]: 18 };

/** A year: the longest lifetime caches honour, safe because a hashed name changes whenever its content does. */
const HASHED = 'public, max-age=31536000, immutable';

/**
 * Answers compressed when the client accepts it: dynamic responses (JSON, CSV, HTML) on the fly, at a brotli
 * quality cheap enough for the request path; the static files' wildcard skips this because it sends the
 * brotli and gzip files written next to each asset at build (scripts/precompress.mjs, decision 033).
 * Request bodies are not inflated: the body limit must count what the client sent.
 */
export async function registerCompression(app: App): Promise<void> {
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: BROTLI_ON_THE_FLY },
  });
}

/** Vite names every file under /assets/ by its content hash; anything else (index.html, boot.js) may change in place. */
export function cacheControlFor(filePath: string): string {
  return filePath.split(path.sep).includes('assets') ? HASHED : 'no-cache';
}

/** Serves the built web app: precompressed variants by Accept-Encoding, hashed assets cached for good. */
export async function registerWebAssets(app: App, webDir: string): Promise<void> {
  // Wildcard serving looks files up per request, so a rebuilt web app is served without a restart.
  await app.register(fastifyStatic, {
    root: path.resolve(webDir),
    wildcard: true,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, filePath) => reply.header('Cache-Control', cacheControlFor(filePath)),
  });
}
