/**
 * How the compiled server is started: by `npm start` (start.mjs) and by every test and bench that runs it
 * as a real process (tests/built-server.ts), so the measured server is the one production runs.
 */

/**
 * Node's flags for the server.
 * - `--enable-source-maps`: stack traces name the TypeScript sources.
 * - `--initial-old-space-size=256`: V8 starts a major collection whenever the old generation's headroom is
 *   smaller than the young generation (32 MB), and after each one sets the headroom from the live size
 *   (~40 MB here), so under steady load it marked almost without pause: a mark-compact every 0.5 s, each
 *   stopping the event loop for 3 to 12 ms, and the write row's p99 was 48 to 54 ms. With 256 MB to grow
 *   into first, one every 2 s and p99 36 to 40 ms, for about 20 MB more resident memory (decision 061).
 */
export const SERVER_NODE_ARGS = ['--enable-source-maps', '--initial-old-space-size=256'];

/** The compiled server's entry, relative to the project folder. */
export const SERVER_ENTRY = 'dist/server/main.js';
