import { buildIfStale } from '../built-server';

/** Every worker's server and the web app it serves come from dist/: build it here once if it is stale. */
export default function globalSetup(): void {
  buildIfStale();
}
