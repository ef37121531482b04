/**
 * What the process knows about itself that the HTTP layer reports: set by main.ts as it starts and stops,
 * read by /readyz and /metrics. Tests build their own.
 */
export interface OpsState {
  /** The job runner has started (main.ts starts it after the app listens). */
  jobsStarted: boolean;
  /** SIGTERM received: /readyz answers 503 so a load balancer stops sending new requests here. */
  shuttingDown: boolean;
  /** PGlite only: the secret of this start's lock file, which POST /ops/backup asks for (decision 045). */
  backupSecret?: string;
}

export const createOpsState = (): OpsState => ({ jobsStarted: false, shuttingDown: false });
