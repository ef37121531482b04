import { execFileSync } from 'node:child_process';
import { SERVER_ENTRY, SERVER_NODE_ARGS } from '../scripts/server-command.mjs';

/**
 * The compiled server (`npm run build`), as production runs it. Tests that start the app as a real process
 * run this one build rather than compiling the sources again per process with tsx (issue 15 item 8).
 */
export const BUILT_SERVER = [...SERVER_NODE_ARGS, SERVER_ENTRY];

/** Builds the web app and the server when they are older than their sources (a no-op in `npm test`). */
export function buildIfStale(): void {
  execFileSync(process.execPath, ['scripts/build-if-stale.mjs'], { stdio: 'inherit' });
}
