/**
 * Benchmark for the available-hours engine at a large site's month view: 1,000 employees and 20,000
 * exceptions over a 42-day grid. Runnable alone (`tsx scripts/bench/engine.ts`) or via the bench runner.
 */
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { computeAvailability, prepareExceptions } from '../../src/shared/domain/availability';
import type { EngineEmployee, EngineException, EngineHoliday, EngineSettings } from '../../src/shared/domain/availability';
import { addDaysStr, monthGrid } from '../../src/shared/domain/dates';
import { mulberry32 } from '../../src/shared/domain/prng';

export interface BenchResult {
  name: string;
  medianMs: number;
  targetMs: number;
  pass: boolean;
  /** The figure and its target as printed, for a row that is not a time (e.g. a count of stale reads). */
  summary?: string;
}

const EMPLOYEES = 1_000;
const EXCEPTIONS = 20_000;
const WARMUP_RUNS = 10;
const MEASURED_RUNS = 31;
// Issue 15: the month view of a large site must not cost the browser or the server a frame.
const TARGET_MS = 2;

function buildWorkload() {
  const rand = mulberry32(20250616);
  const int = (min: number, max: number) => min + Math.floor(rand() * (max - min + 1));
  const tenths = (max: number) => int(0, max * 10) / 10;

  const days = monthGrid(2025, 7);
  const settings: EngineSettings = { saturdayWorkday: true, sundayWorkday: false };

  const employees: EngineEmployee[] = [];
  for (let i = 0; i < EMPLOYEES; i++) {
    const weekday = rand() < 0.8 ? 7.6 : tenths(10);
    employees.push({
      id: i + 1,
      name: `Employee ${i + 1}`,
      efficiency: int(60, 120),
      mondayHours: weekday,
      tuesdayHours: weekday,
      wednesdayHours: rand() < 0.1 ? 0 : weekday,
      thursdayHours: weekday,
      fridayHours: weekday,
      saturdayHours: rand() < 0.3 ? tenths(8) : 0,
      sundayHours: 0,
    });
  }

  // Starts reach 10 days before the grid and spans up to 10 days, so some exceptions stick out on
  // either side and have to be clipped.
  const exceptions: EngineException[] = [];
  for (let i = 0; i < EXCEPTIONS; i++) {
    const startDate = addDaysStr(days[0], int(-10, days.length - 1));
    const isFullDay = rand() < 0.6;
    const hasHours = rand() < 0.5;
    exceptions.push({
      id: i + 1,
      employeeId: int(1, EMPLOYEES),
      reasonId: int(1, 4),
      startDate,
      endDate: addDaysStr(startDate, int(0, 9)),
      isFullDay,
      hours: hasHours ? tenths(8) : null,
      isAdditive: rand() < 0.25,
    });
  }

  const holidays: EngineHoliday[] = [
    { date: '2025-07-04', name: 'Independence Day' },
    { date: '2025-07-14', name: 'Bastille Day' },
    { date: '2025-08-04', name: 'Summer Bank Holiday' },
  ];

  return { days, settings, employees, exceptions, holidays };
}

export async function benchEngine(): Promise<BenchResult> {
  const workload = buildWorkload();
  // Dates are parsed once when the exceptions arrive (the web app prepares each fetched list, the
  // server each query result); what repeats per view is the computation timed below.
  const prepareTimes: number[] = [];
  let prepared = prepareExceptions(workload.exceptions);
  for (let i = 0; i < MEASURED_RUNS; i++) {
    const t0 = performance.now();
    prepared = prepareExceptions(workload.exceptions);
    prepareTimes.push(performance.now() - t0);
  }
  const input = { ...workload, exceptions: prepared };
  let sink = 0;
  for (let i = 0; i < WARMUP_RUNS; i++) sink += computeAvailability(input).size;

  const times: number[] = [];
  // CPU time beside wall time: on a shared machine the wall clock also counts time spent descheduled.
  const cpuTimes: number[] = [];
  for (let i = 0; i < MEASURED_RUNS; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const result = computeAvailability(input);
    // A month request also opens one day's staff list (the selected day's "Staff On This Day").
    sink += result.get(input.days[10])?.employees.length ?? 0;
    times.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpuTimes.push((c.user + c.system) / 1000);
    sink += result.size;
  }
  // Keeps the work observable so the engine call cannot be optimised away.
  if (sink === 0) throw new Error('engine produced no days');

  const median = (list: number[]) => Math.round([...list].sort((a, b) => a - b)[list.length >> 1] * 100) / 100;
  const medianMs = median(times);
  const prepareMs = median(prepareTimes);
  const cpuMs = median(cpuTimes);
  return {
    name: `available-hours engine (1,000 employees × 42 days, 20,000 exceptions; CPU ${cpuMs} ms; preparing them once: ${prepareMs} ms)`,
    medianMs,
    targetMs: TARGET_MS,
    pass: medianMs <= TARGET_MS,
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await benchEngine();
  console.log(JSON.stringify(result, null, 2));
  if (!result.pass) process.exitCode = 1;
}
