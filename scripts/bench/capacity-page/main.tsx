/**
 * The capacity chart benchmark page (decision 100): the real ForecastChart, fed a site of 56 days with a
 * minimum, holidays, shortfall days and a pending request's dashed stretch. `__bench.draw()` answers the
 * milliseconds from the data in hand to the chart drawn and painted: React mounts the component, uPlot draws
 * (its draw hook marks CHART_DRAWN_MARK), then the frame is painted.
 */
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import './bench.css';
import type { TForecastSite } from '../../../src/shared/contracts/coverage-forecast';
import { addDaysStr } from '../../../src/shared/domain/dates';
import { CHART_DRAWN_MARK, ForecastChart } from '../../../src/web/features/capacity/ForecastChart';

const DAYS = 56;
const dates = Array.from({ length: DAYS }, (_, i) => addDaysStr('2031-03-03', i));
function site(seed: number): TForecastSite {
  const weekday = (i: number) => i % 7 < 5;
  const available = dates.map((_, i) => (weekday(i) ? 1700 + ((i * 37 + seed) % 200) : 0));
  const required = dates.map((_, i) => (weekday(i) ? 1800 : null));
  return {
    id: seed,
    name: `Site ${seed}`,
    availableHours: available,
    requiredHours: required,
    defaultHours: dates.map((_, i) => (weekday(i) ? 1900 : 0)),
    holiday: dates.map((_, i) => (i === 28 ? 'Bank Holiday' : null)),
    ifApprovedHours: available.map((h, i) => (i > 10 && i < 20 && weekday(i) ? h - 30 : h)),
    shortHours: available.map((h, i) => (required[i] !== null && h < required[i]! ? Math.round((required[i]! - h) * 10) / 10 : 0)),
    pendingRequests: 25,
  };
}

const container = document.getElementById('root')!;
const root = createRoot(container);
const afterPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
let run = 0;

async function draw(): Promise<number> {
  flushSync(() => root.render(null));
  await afterPaint();
  performance.clearMarks(CHART_DRAWN_MARK);
  const data = site(++run);
  const t0 = performance.now();
  flushSync(() => root.render(<ForecastChart site={data} dates={dates} />));
  while (performance.getEntriesByName(CHART_DRAWN_MARK).length === 0) await new Promise((r) => setTimeout(r, 0));
  await afterPaint();
  return performance.now() - t0;
}

(window as unknown as { __bench: { draw: () => Promise<number> } }).__bench = { draw };
document.body.dataset.ready = 'true';
