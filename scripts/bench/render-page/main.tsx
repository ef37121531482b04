/**
 * The render benchmark page: the real MonthGrid and the real model hook, fed generated data. The
 * harness sets the data and resolves after the first animation frame following React's commit (and
 * the paint that frame produces); `window.__bench.run()` returns the elapsed milliseconds.
 */
import { DndContext } from '@dnd-kit/core';
import { useLayoutEffect, useMemo } from 'react';
import { createRoot } from 'react-dom/client';
import './bench.css';
import { MonthGrid } from '../../../src/web/features/calendar/MonthGrid';
import { useCalendarModel } from '../../../src/web/features/calendar/useCalendarModel';
import { buildWorkload, MONTH, TODAY, type Workload } from './workload';

const noop = () => undefined;

function Host({ data, onCommit }: { data: Workload | null; onCommit: () => void }) {
  const days = useMemo(() => data?.days ?? [], [data]);
  const model = useCalendarModel(days, MONTH, TODAY, { ...(data ?? {}), ready: !!data });
  useLayoutEffect(onCommit);
  if (!data) return null;
  // A writer's grid, the heavier one: pills draggable with handles, every day a drop target, inside a DndContext.
  return (
    <DndContext>
      <MonthGrid days={model} variant="month" label="November 2026" activeDate={TODAY} onActiveDateChange={noop} onMove={noop} onOpenDay={noop} onPillClick={noop} canEdit />
    </DndContext>
  );
}

const root = createRoot(document.getElementById('root')!);
const base = buildWorkload();
const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
/** After the frame's paint: a task queued from inside requestAnimationFrame runs once that frame is drawn. */
const afterPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

function render(data: Workload | null): Promise<void> {
  return new Promise((resolve) => root.render(<Host data={data} onCommit={resolve} />));
}

async function run(): Promise<number> {
  await render(null);
  await nextFrame();
  await nextFrame();
  // Fresh lists (same content) so no memo from the last run can be reused.
  const data: Workload = structuredClone(base);
  const t0 = performance.now();
  await render(data);
  await afterPaint();
  const elapsed = performance.now() - t0;
  const pills = document.querySelectorAll('[data-pill]').length;
  if (pills < 2_000) throw new Error(`expected at least 2000 pills, drew ${pills}`);
  return elapsed;
}

(window as unknown as { __bench: { run: () => Promise<number> } }).__bench = { run };
document.body.dataset.ready = 'true';
