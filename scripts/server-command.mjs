/**
 * How the compiled server is started: by `npm start` (start.mjs) and by every test and bench that runs it
 * as a real process (tests/built-server.ts), so the measured server is the one production runs.
 */

/**
 * Node's flags for the server.
 * - `--enable-source-maps`: stack traces name the TypeScript sources.
 * - `--initial-old-space-size=128`: V8 starts a major collection whenever the old generation's headroom is
 *   smaller than the young generation (32 MB), and after each one sets the headroom from the live size
 *   (~40 MB here), so under steady load it marked almost without pause and the write row's p99 was 48 to 54
 *   ms. Room to grow first spaces the collections out (decision 061 chose 256 MB; decision 102 halved it,
 *   since resident memory under load is about idle + this room + the pages V8 pools, and 128 MB measured
 *   within 4 ms of 256 MB on the write row).
 * - `--heap-growing-percent=100`: after each major collection V8 lets the old generation grow to twice what
 *   survived, instead of up to four times when collections look cheap beside the load; in a whole bench run the
 *   heap reached 300 MB with ~75 MB live, and resident memory 449 MB (decision 102).
 * - `--expose-gc`: lets the server give a busy spell's memory back once it ends, and start-up's garbage before
 *   it listens (src/server/ops/idle-collection.ts, decision 102). No request can reach `gc`; only that module
 *   calls it.
 */
export const SERVER_NODE_ARGS = ['--enable-source-maps', '--expose-gc', '--initial-old-space-size=128', '--heap-growing-percent=100'];

/** The compiled server's entry, relative to the project folder. */
export const SERVER_ENTRY = 'dist/server/main.js';
