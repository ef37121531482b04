/**
 * A steady load on a running server for the fault test: writers of notes (one statement) and of exceptions
 * (the day ledger's pipelined transaction), readers of the session and of the calendar. It keeps the id of
 * every write the server acknowledged and counts every status; a request that gets no HTTP answer at all
 * counts as `no answer`.
 */
export interface LoadStats {
  notes: number[];
  exceptions: number[];
  statuses: Record<string, number>;
}

export interface Load {
  acknowledged(): number;
  /** Milliseconds from now until a fresh write and a fresh read both succeed; gives up after `RECOVERY_GIVE_UP_MS`. */
  recovery(): Promise<number>;
  /** The calendar's notes around today, read through the app (and its cache). */
  calendarNotes(): Promise<{ siteId: number; ids: number[] }>;
  noteDay: string;
  /** Stops the loops once their requests in flight have answered. */
  stop(): Promise<LoadStats>;
}

const REQUEST_TIMEOUT_MS = 30_000;
/** Far past the bound the test holds recovery to: a server that never comes back fails the test, not its time limit. */
const RECOVERY_GIVE_UP_MS = 20_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

export async function startLoad(base: string, credentials: { email: string; password: string }): Promise<Load> {
  const json = { 'content-type': 'application/json', origin: base };
  const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: json, body: JSON.stringify(credentials) });
  if (login.status !== 200) throw new Error(`sign-in answered ${login.status}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const headers = { ...json, cookie };
  const get = async <T>(path: string) => (await (await fetch(`${base}${path}`, { headers })).json()) as T;
  const me = await get<{ site: { id: number } }>('/api/auth/me');
  const employees = await get<Array<{ id: number }>>('/api/employees');
  const reasons = await get<Array<{ id: number; isAdditive: boolean }>>('/api/exception-reasons');
  // Extra hours never leave the site short, so no write is refused by a coverage rule.
  const additive = reasons.find((r) => r.isAdditive);
  if (!additive || employees.length === 0) throw new Error('the demo site has no additive type or no employee');

  const stats: LoadStats = { notes: [], exceptions: [], statuses: {} };
  const count = (status: string) => (stats.statuses[status] = (stats.statuses[status] ?? 0) + 1);
  let stopped = false;
  let n = 0;

  async function send(method: string, path: string, body?: unknown): Promise<{ status: number; id?: number }> {
    try {
      const res = await fetch(`${base}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      count(String(res.status));
      const payload = (await res.json().catch(() => ({}))) as { id?: number };
      return { status: res.status, id: payload.id };
    } catch {
      count('no answer');
      return { status: 0 };
    }
  }
  const writeNote = async () => {
    const r = await send('POST', '/api/notes', { title: `load ${++n}`, startDate: day(n % 20), color: '#3b82f6' });
    if (r.status === 201 && r.id) stats.notes.push(r.id);
    return r.status;
  };
  const writeException = async () => {
    const i = ++n;
    const date = day(400 + (i % 200));
    const r = await send('POST', '/api/exceptions', {
      employeeId: employees[i % employees.length].id,
      reasonId: additive.id,
      startDate: date,
      endDate: date,
      isFullDay: false,
      hours: 0.5,
      notes: null,
    });
    if (r.status === 201 && r.id) stats.exceptions.push(r.id);
    return r.status;
  };
  const window = `/api/calendar?startDate=${day(-3)}&endDate=${day(31)}`;
  const loop = async (step: () => Promise<unknown>) => {
    while (!stopped) {
      const status = await step();
      // A refused request answers at once: pause so a loop does not spin.
      if (status !== 200 && status !== 201) await sleep(100);
    }
  };
  const loops = [
    loop(writeNote),
    loop(writeException),
    loop(writeException),
    loop(async () => (await send('GET', '/api/auth/me')).status),
    loop(async () => (await send('GET', window)).status),
  ];

  return {
    acknowledged: () => stats.notes.length + stats.exceptions.length,
    async recovery() {
      const started = performance.now();
      for (;;) {
        const wrote = (await writeException()) === 201;
        const read = wrote && (await send('GET', window)).status === 200;
        const ms = Math.round(performance.now() - started);
        if (read || ms > RECOVERY_GIVE_UP_MS) return ms;
        await sleep(100);
      }
    },
    async calendarNotes() {
      const reply = await get<{ notes: Array<{ id: number }> }>(window);
      return { siteId: me.site.id, ids: reply.notes.map((x) => x.id) };
    },
    noteDay: day(1),
    async stop() {
      stopped = true;
      await Promise.all(loops);
      return stats;
    },
  };
}
