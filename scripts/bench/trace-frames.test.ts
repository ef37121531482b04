import { describe, expect, it } from 'vitest';
import { framesFromTrace, type TraceEvent } from './trace-frames';

const MAIN = { pid: 7, tid: 7 };
const task = (ts: number, dur: number, tdur: number): TraceEvent => ({
  name: 'ThreadControllerImpl::RunTask',
  ph: 'X',
  ...MAIN,
  ts,
  dur,
  tdur,
});
const mark = (ts: number): TraceEvent => ({ name: 'frame', ph: 'I', ...MAIN, ts });

describe('framesFromTrace', () => {
  it("sums each frame's tasks, from the task holding its mark to the next frame's, in thread CPU and wall time", () => {
    const events: TraceEvent[] = [
      task(0, 1_000, 900),
      mark(500), // before any scrolling: only a boundary
      task(16_000, 6_000, 4_000),
      mark(16_100),
      task(23_000, 500, 400), // React's effects after the frame: counted in it
      task(33_000, 12_000, 5_000),
      mark(33_050),
      task(33_500, 100, 100), // nested in the task before: already counted there
      // Another thread's task and another name: not the main thread's frame work.
      { ...task(34_000, 9_000, 9_000), tid: 8 },
      { name: 'RunTask', ph: 'X', ...MAIN, ts: 46_000, dur: 50, tdur: 50 },
      task(50_000, 3_000, 2_000),
      mark(50_010),
    ];
    expect(framesFromTrace(events, 'frame')).toEqual([
      { cpuMs: 4.4, wallMs: 6.5 },
      { cpuMs: 5, wallMs: 12 },
      { cpuMs: 2, wallMs: 3 },
    ]);
  });

  it('falls back to wall time where the trace has no thread clock', () => {
    const events: TraceEvent[] = [mark(10), task(0, 100, 100), { ...task(200, 300, 0), tdur: undefined }, mark(250)];
    expect(framesFromTrace(events, 'frame')).toEqual([{ cpuMs: 0.3, wallMs: 0.3 }]);
  });

  it('refuses a trace without the marks, or with a mark outside every task', () => {
    expect(() => framesFromTrace([task(0, 10, 10)], 'frame')).toThrow(/found 0/);
    expect(() => framesFromTrace([task(0, 10, 10), mark(5), mark(50)], 'frame')).toThrow(/outside every/);
  });
});
