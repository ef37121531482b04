/**
 * The render benchmark page: the real MonthGrid and the real model hook, fed generated data. The
 * harness sets the data and resolves after the first animation frame following React's commit (and
 * the paint that frame produces); `window.__bench.run()` returns the elapsed milliseconds.
 */
import { useLayoutEffect, useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';
import './bench.css';
import { DragSourcesContext, DropZonesContext, type DragSources } from '../../../src/web/features/calendar/dnd/context';
import { DropZones } from '../../../src/web/features/calendar/dnd/drop-zones';
import { MonthGrid } from '../../../src/web/features/calendar/MonthGrid';
import { useCalendarModel } from '../../../src/web/features/calendar/useCalendarModel';
import { buildWorkload, MONTH, TODAY, type Workload } from './workload';

const noop = () => undefined;
/** The grid's way to the drag code; nothing is dragged here, so it goes nowhere. */
const sources: DragSources = { reach: noop, pointerDown: noop, keyDown: () => false };

function Host({ data, onCommit }: { data: Workload | null; onCommit: () => void }) {
  const days = useMemo(() => data?.days ?? [], [data]);
  const model = useCalendarModel(days, MONTH, TODAY, { ...(data ?? {}), ready: !!data });
  const [zones] = useState(() => new DropZones());
  useLayoutEffect(onCommit);
  if (!data) return null;
  // A writer's grid, the heavier one: pills draggable with handles, every day's drop zone registered, in the
  // calendar's drag contexts (dnd-kit itself loads on first intent, decision 051).
  return (
    <DragSourcesContext.Provider value={sources}>
      <DropZonesContext.Provider value={zones}>
        <MonthGrid
          days={model}
          variant="month"
          label="November 2026"
          activeDate={TODAY}
          onActiveDateChange={noop}
          onMove={noop}
          onOpenDay={noop}
          onShowMore={noop}
          onPillClick={noop}
          canEdit
        />
      </DropZonesContext.Provider>
    </DragSourcesContext.Provider>
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
  // 2,000 exceptions in view, drawn as users see them (decision 086): at most seven pills a day, then "+N more".
  const pills = document.querySelectorAll('[data-pill]').length;
  const more = document.querySelectorAll('[data-more]').length;
  if (pills < 250 || more < 30) throw new Error(`expected a capped grid (≥ 250 pills, ≥ 30 "+N more"), drew ${pills} and ${more}`);
  return elapsed;
}

(window as unknown as { __bench: { run: () => Promise<number> } }).__bench = { run };
document.body.dataset.ready = 'true';
