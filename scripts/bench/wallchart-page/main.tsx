/**
 * The wallchart benchmark page (decisions 089, 090): the real WallchartView and model hook, fed the render
 * benchmark's seeded site grown to 1,000 employees in ten teams, drawn for a writer (bars draggable, every
 * day a drop target) as the render benchmark draws its grid. `__bench.draw()` returns the milliseconds from
 * data to the first painted frame; `__bench.scroll()` scrolls the box 120 px in each animation frame, marking
 * each frame (`performance.mark`) so the harness can cut the main thread's trace into frames.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useLayoutEffect, useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import './bench.css';
import type { TExceptionView } from '../../../src/shared/contracts/calendar';
import type { TEmployee } from '../../../src/shared/contracts/employees';
import { monthDays } from '../../../src/web/features/calendar/dates';
import { DragSourcesContext, DropZonesContext, type DragSources } from '../../../src/web/features/calendar/dnd/context';
import { DropZones } from '../../../src/web/features/calendar/dnd/drop-zones';
import { useCalendarModel } from '../../../src/web/features/calendar/useCalendarModel';
import { WallchartView } from '../../../src/web/features/calendar/wallchart/WallchartView';
import { buildWorkload, MONTH, TODAY, YEAR, type Workload } from '../render-page/workload';
import { FRAME_MARK } from './frame-mark';

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
/** The bars' way to the drag code; nothing is dragged here, so it goes nowhere. */
const sources: DragSources = { reach: noop, pointerDown: noop, keyDown: () => false };
const queries = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
queries.setQueryData(['/api/teams'], TEAMS);

function Host({ data, onCommit }: { data: Workload | null; onCommit: () => void }) {
  const days = useMemo(() => data?.days ?? [], [data]);
  const model = useCalendarModel(days, MONTH, TODAY, { ...(data ?? {}), ready: !!data });
  const [zones] = useState(() => new DropZones());
  useLayoutEffect(onCommit);
  if (!data) return null;
  return (
    <DragSourcesContext.Provider value={sources}>
      <DropZonesContext.Provider value={zones}>
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
      </DropZonesContext.Provider>
    </DragSourcesContext.Provider>
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
      <MemoryRouter>
        <QueryClientProvider client={queries}>
          <Host data={data} onCommit={resolve} />
        </QueryClientProvider>
      </MemoryRouter>,
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

/**
 * Scrolls 120 px (about three rows) in each of `frames` animation frames, marking each frame first; returns
 * how many rows were drawn on the way, so the harness knows the rows really changed.
 */
async function scroll(frames: number): Promise<{ frames: number; rowsSeen: number }> {
  const box = document.querySelector<HTMLElement>('[data-testid="wallchart"]')!;
  box.scrollTop = 0;
  await afterPaint();
  const seen = new Set<string>();
  for (let i = 0; i < frames; i++) {
    await nextFrame();
    performance.mark(FRAME_MARK);
    box.scrollTop += 120;
    for (const el of box.querySelectorAll<HTMLElement>('[data-employee]')) seen.add(el.dataset.employee!);
  }
  // The last step's rows are drawn in the frame after its mark; that frame is marked too, so it is measured.
  await nextFrame();
  performance.mark(FRAME_MARK);
  await afterPaint();
  box.scrollTop = 0;
  await afterPaint();
  return { frames, rowsSeen: seen.size };
}

(window as unknown as { __bench: object }).__bench = { draw, scroll };
document.body.dataset.ready = 'true';
