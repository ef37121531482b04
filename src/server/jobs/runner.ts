import { fromPglite, PgBoss, type Db as BossDb, type Job } from 'pg-boss';
import type { Database } from '../db/client';

/**
 * The one place background work runs (decision 017): pg-boss on the app's own database, PGlite or
 * PostgreSQL. Handlers must be idempotent: a job is retried with backoff when its handler throws, and
 * a retried run may follow a run that got halfway.
 */
/** `requestId`: the request that queued the job, if one did; the handler passes it on to the mails it writes. */
export type JobHandler<T = unknown> = (data: T, job: { id: string; name: string; requestId?: string }) => Promise<void>;

export interface JobLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface JobRunner {
  /**
   * Runs `handler` on the cron schedule in time zone `tz`. However many app instances run, each
   * occurrence is sent once and worked once (the cron pass is claimed in the database).
   */
  schedule<T = unknown>(name: string, cron: string, tz: string, handler: JobHandler<T>): Promise<void>;
  /** Registers the handler of a queue that jobs are sent to with `send`. */
  work<T = unknown>(name: string, handler: JobHandler<T>): Promise<void>;
  /**
   * Queues one job for the queue's worker (on whichever instance fetches it first). Returns the job id.
   * A request that queues a job passes its id (`req.id`): the data carries it, and the handler gets it
   * (decisions 045 and 055).
   */
  send(name: string, data?: object, options?: { startAfterSeconds?: number; requestId?: string }): Promise<string | null>;
  /** Stops polling and cron, waits for running handlers (up to `timeoutMs`), and releases the database. */
  stop(timeoutMs?: number): Promise<void>;
}

export interface RunnerOptions {
  log: JobLog;
  /** How often the cron pass and workers look for work; seconds. Tests shorten it. */
  cronIntervalSeconds?: number;
  pollingIntervalSeconds?: number;
  /** Attempts after the first failure (default 5), exponential from `retryDelaySeconds` (default 30). */
  retryLimit?: number;
  retryDelaySeconds?: number;
}

/** The request id `send` stored in a job's data, when a request queued it. */
function requestIdOf(data: unknown): string | undefined {
  const id = (data as { requestId?: unknown } | null)?.requestId;
  return typeof id === 'string' ? id : undefined;
}

/** pg-boss's database interface over the connection the app already has. */
function bossDatabase(database: Database): BossDb {
  if (database.pglite) return fromPglite(database.pglite);
  const pool = database.pool;
  if (!pool) throw new Error('job runner: the database has neither a PGlite instance nor a pool');
  // Without values pg-boss may send several statements at once; pg's simple protocol runs them all.
  return { executeSql: (text: string, values?: unknown[]) => pool.query(text, values) };
}

export async function startJobRunner(database: Database, opts: RunnerOptions): Promise<JobRunner> {
  const interval = opts.cronIntervalSeconds ?? 30;
  const boss = new PgBoss({
    db: bossDatabase(database),
    backend: database.kind === 'pglite' ? 'pglite' : 'postgres',
    cronMonitorIntervalSeconds: interval,
    cronWorkerIntervalSeconds: Math.min(interval, 5),
    // Queue maintenance (archiving, expiry) is cheap; keep it on so stuck jobs are retried.
    supervise: true,
  });
  boss.on('error', (err) => opts.log.error({ err: String((err as Error)?.message ?? err) }, 'job runner error'));
  await boss.start();

  const queueOptions = {
    retryLimit: opts.retryLimit ?? 5,
    retryDelay: opts.retryDelaySeconds ?? 30,
    retryBackoff: true,
    retryDelayMax: 60 * 60,
    expireInSeconds: 15 * 60,
  };
  const created = new Set<string>();
  async function ensureQueue(name: string) {
    if (created.has(name)) return;
    // createQueue is a no-op when the queue exists (another instance may have made it).
    await boss.createQueue(name, queueOptions);
    created.add(name);
  }

  async function work<T>(name: string, handler: JobHandler<T>) {
    await ensureQueue(name);
    await boss.work<T>(name, { pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 2, batchSize: 1 }, async (jobs: Job<T>[]) => {
      for (const job of jobs) {
        const requestId = requestIdOf(job.data);
        try {
          await handler(job.data, { id: job.id, name, requestId });
        } catch (err) {
          // Logged here, rethrown so pg-boss marks the attempt failed and retries it with backoff.
          opts.log.error({ job: name, jobId: job.id, requestId, err: String((err as Error)?.message ?? err) }, 'job failed');
          throw err;
        }
      }
    });
  }

  let stopped = false;
  return {
    async schedule(name, cron, tz, handler) {
      await work(name, handler);
      await boss.schedule(name, cron, null, { tz });
    },
    work,
    async send(name, data, options) {
      await ensureQueue(name);
      const requestId = options?.requestId;
      const payload = requestId ? { ...data, requestId } : (data ?? null);
      const id = await boss.send(name, payload, { startAfter: options?.startAfterSeconds });
      opts.log.info({ job: name, jobId: id, requestId }, 'job queued');
      return id;
    },
    async stop(timeoutMs = 10_000) {
      if (stopped) return;
      stopped = true;
      // graceful: waits for handlers in flight; close: false leaves the app's own database open.
      await boss.stop({ graceful: true, timeout: timeoutMs, close: false });
    },
  };
}
