/**
 * The wallchart benchmark page (decision 089): the real WallchartView and model hook, fed the render
 * benchmark's seeded site grown to 1,000 employees in ten teams. `__bench.draw()` returns the milliseconds
 * from data to the first painted frame; `__bench.scroll()` scrolls the box every frame and returns the
 * intervals between frames (a frame whose work overruns shows as a 33 ms interval).
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useLayoutEffect, useMemo } from 'react';
import { createRoot } from 'react-dom/client';
import './bench.css';
import type { TExceptionView } from '../../../src/shared/contracts/calendar';
import type { TEmployee } from '../../../src/shared/contracts/employees';
import { monthDays } from '../../../src/web/features/calendar/dates';
import { useCalendarModel } from '../../../src/web/features/calendar/useCalendarModel';
import { WallchartView } from '../../../src/web/features/calendar/wallchart/WallchartView';
import { buildWorkload, MONTH, TODAY, YEAR, type Workload } from '../render-page/workload';

export const STAFF = 1_000;
const TEAMS = Array.from({ length: 10 }, (_, i) => ({ id: i + 1, name: `Team ${i + 1}`, sortOrder: i, siteId: 1 }));

/** The render benchmark's 300 employees and their exceptions, repeated until there are 1,000. */
function grow(base: Workload): Workload {
  const employees: TEmployee[] = [];
  const exceptions: TExceptionView[] = [];
  for (let copy = 0; employees.length < STAFF; copy++) {
    for (const e of base.employees) {
      if (employees.length >= STAFF) break;
      const id = copy * base.employees.length + e.id;
      // Every tenth employee has no team, so the "No team" group is drawn too.
      employees.push({ ...e, id, name: `${e.name}-${copy}`, teamId: id % 10 === 0 ? null : (id % 9) + 1 });
    }
    for (const x of base.exceptions) {
      const employeeId = copy * base.employees.length + x.employeeId;
      if (employeeId <= STAFF) exceptions.push({ ...x, id: copy * 10_000 + x.id, employeeId, employeeName: `${x.employeeName}-${copy}` });
    }
  }
  return { ...base, days: monthDays(YEAR, MONTH), employees, exceptions };
}

const noop = () => undefined;
const queries = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
queries.setQueryData(['/api/teams'], TEAMS);

function Host({ data, onCommit }: { data: Workload | null; onCommit: () => void }) {
  const days = useMemo(() => data?.days ?? [], [data]);
  const model = useCalendarModel(days, MONTH, TODAY, { ...(data ?? {}), ready: !!data });
  useLayoutEffect(onCommit);
  if (!data) return null;
  return (
    <WallchartView
      days={model}
      employees={data.employees}
      exceptions={data.exceptions}
      label="November 2026"
      canEdit
      onEditException={noop}
      onAddException={noop}
      onOpenDay={noop}
    />
  );
}

const root = createRoot(document.getElementById('root')!);
const base = grow(buildWorkload());
const nextFrame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));
/** After the frame's paint: a task queued from inside requestAnimationFrame runs once that frame is drawn. */
const afterPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

function render(data: Workload | null): Promise<void> {
  return new Promise((resolve) =>
    root.render(
      <QueryClientProvider client={queries}>
        <Host data={data} onCommit={resolve} />
      </QueryClientProvider>,
    ),
  );
}

async function draw(): Promise<number> {
  await render(null);
  await nextFrame();
  await nextFrame();
  const data: Workload = structuredClone(base);
  const t0 = performance.now();
  await render(data);
  await afterPaint();
  const elapsed = performance.now() - t0;
  const rows = document.querySelectorAll('[data-testid="wallchart"] [role="row"]').length;
  if (rows < 10) throw new Error(`expected the wallchart's rows, drew ${rows}`);
  return elapsed;
}

/** Scrolls 120 px a frame for `frames` frames (about 3 rows), then back to the top. */
async function scroll(frames: number): Promise<number[]> {
  const box = document.querySelector<HTMLElement>('[data-testid="wallchart"]')!;
  const intervals: number[] = [];
  let last = await nextFrame();
  for (let i = 0; i < frames; i++) {
    box.scrollTop += 120;
    const now = await nextFrame();
    intervals.push(now - last);
    last = now;
  }
  box.scrollTop = 0;
  await afterPaint();
  return intervals;
}

(window as unknown as { __bench: object }).__bench = { draw, scroll };
document.body.dataset.ready = 'true';
