/** Cutting a Chromium trace of the renderer's main thread into frames (the wallchart bench, decision 090). Pure. */

/** The fields of a trace event this reads (Chromium's JSON trace format; times in microseconds). */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** The thread's CPU time in the event (its thread clock), where the platform has one. */
  tdur?: number;
}

/**
 * Each marked frame's main-thread work, in ms of thread CPU and of wall time: the task holding the mark and
 * every task started after it until the next frame's task. The first mark precedes any scrolling (its frame
 * has nothing to draw) and is only a boundary.
 */
export function framesFromTrace(events: readonly TraceEvent[], mark: string): Array<{ cpuMs: number; wallMs: number }> {
  const marks = events.filter((e) => e.name === mark).sort((a, b) => a.ts - b.ts);
  if (marks.length < 2) throw new Error(`expected the page's frame marks in the trace, found ${marks.length}`);
  const { pid, tid } = marks[0];
  const tasks = events
    .filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && e.name === 'ThreadControllerImpl::RunTask' && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts);
  // Only outermost tasks: a task run inside another (a nested loop) is already counted in it.
  const top: TraceEvent[] = [];
  for (const t of tasks) {
    const last = top[top.length - 1];
    if (!last || t.ts >= last.ts + last.dur!) top.push(t);
  }
  const holding = marks.map((m) => top.findIndex((t) => t.ts <= m.ts && m.ts <= t.ts + t.dur!));
  if (holding.some((i) => i < 0)) throw new Error('a frame mark lies outside every main-thread task');
  const frames: Array<{ cpuMs: number; wallMs: number }> = [];
  for (let i = 1; i < holding.length; i++) {
    const end = i + 1 < holding.length ? holding[i + 1] : holding[i] + 1;
    let cpu = 0;
    let wall = 0;
    for (let k = holding[i]; k < end; k++) {
      cpu += top[k].tdur ?? top[k].dur!;
      wall += top[k].dur!;
    }
    frames.push({ cpuMs: cpu / 1000, wallMs: wall / 1000 });
  }
  return frames;
}
