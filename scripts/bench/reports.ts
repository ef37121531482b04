/**
 * Benchmarks for reports (decision 019), from loaded rows (the database reads are not timed):
 * - a detailed exceptions PDF of 5,000 exceptions over 3 sites and 3 months: ≤ 500 ms and ≤ 500 kB;
 * - the available-hours report of 1,000 employees × 366 days: ≤ 300 ms.
 * Runnable alone (`tsx scripts/bench/reports.ts`) or via the bench runner (`npm run bench -- reports-pdf reports-hours`).
 */
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { addDaysStr } from '../../src/shared/domain/dates';
import { mulberry32 } from '../../src/shared/domain/prng';
import { buildExceptionsReport, buildHoursReport, reportPdf, type ReportHeader, type SiteData } from '../../src/server/modules/reports';
import type { BenchResult } from './engine';

const TYPES = ['Annual Leave', 'Sick Leave', 'Training', 'Overtime', 'Remote Work'];
const NAMES = ['Ana Müller', 'Γιώργος Παπαδόπουλος', 'Дмитрий Иванов', 'Seán Ó Briain', 'Zoë Dupré', 'Łukasz Wiśniewski'];

function sites(count: number, employeesPerSite: number, exceptionsTotal: number, start: string, days: number, seed: number): SiteData[] {
  const rand = mulberry32(seed);
  const int = (min: number, max: number) => min + Math.floor(rand() * (max - min + 1));
  let id = 1;
  return Array.from({ length: count }, (_, s) => {
    const employees = Array.from({ length: employeesPerSite }, (_, i) => ({
      id: s * 100_000 + i + 1,
      name: `${NAMES[i % NAMES.length]} ${i + 1}`,
      efficiency: int(60, 120),
      mondayHours: 7.6,
      tuesdayHours: 7.6,
      wednesdayHours: 7.6,
      thursdayHours: 7.6,
      fridayHours: 7.6,
      saturdayHours: 0,
      sundayHours: 0,
    }));
    const exceptions = Array.from({ length: Math.round(exceptionsTotal / count) }, () => {
      const startDate = addDaysStr(start, int(-3, days - 1));
      const reason = int(0, TYPES.length - 1);
      const isFullDay = rand() < 0.6;
      return {
        id: id++,
        employeeId: employees[int(0, employees.length - 1)].id,
        reasonId: reason + 1,
        reasonName: TYPES[reason],
        isAdditive: reason === 3,
        startDate,
        endDate: addDaysStr(startDate, int(0, 4)),
        isFullDay,
        hours: isFullDay && rand() < 0.7 ? null : int(1, 40) / 10,
        notes: rand() < 0.3 ? 'Agreed with the team lead; cover arranged with the neighbouring shift.' : null,
      };
    });
    const holidays = [{ date: addDaysStr(start, 20), name: 'Bank Holiday' }];
    const dayChanges = Array.from({ length: 20 }, (_, i) => ({
      date: addDaysStr(start, i * 3),
      currentHours: 100,
      defaultHours: 100,
      authorisedHours: i % 2 === 0 ? 100 : null,
      isAuthorised: i % 2 === 0,
      authorisedBy: i % 2 === 0 ? 'manager' : null,
      authorisedAt: i % 2 === 0 ? new Date('2026-01-01T09:00:00Z') : null,
    }));
    return {
      id: s + 1,
      name: `Site ${s + 1}`,
      settings: { saturdayWorkday: false, sundayWorkday: false },
      employees,
      exceptions,
      holidays,
      dayChanges,
      notes: [],
    };
  });
}

const header = (startDate: string, endDate: string): ReportHeader => ({
  businessName: 'Bench Business',
  startDate,
  endDate,
  generatedAt: new Date('2026-11-23T12:00:00Z'),
  generatedBy: 'bench',
  layout: 'detailed',
});

/**
 * Median wall time, and median process CPU time beside it: on a shared, overloaded machine the wall time
 * includes waiting for a core, and the CPU time says what the work itself costs.
 */
async function median(
  runs: number,
  warmup: number,
  fn: () => Promise<number> | number,
): Promise<{ ms: number; cpuMs: number; last: number }> {
  let last = 0;
  for (let i = 0; i < warmup; i++) last = await fn();
  const times: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    last = await fn();
    times.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  const mid = (xs: number[]) => Math.round(xs.sort((a, b) => a - b)[xs.length >> 1] * 100) / 100;
  return { ms: mid(times), cpuMs: mid(cpu), last };
}

/** The PDF workload: 5,000 exceptions on 3 sites of 60 employees over January–March. */
export const benchData = () => ({ data: sites(3, 60, 5_000, '2026-01-01', 90, 20261123), h: header('2026-01-01', '2026-03-31') });

export async function benchReportPdf(): Promise<BenchResult> {
  const { data, h } = benchData();
  const { ms, cpuMs, last: bytes } = await median(9, 2, async () => (await reportPdf(buildExceptionsReport(h, data, false))).length);
  const kb = Math.round(bytes / 1024);
  const TARGET_MS = 500;
  return {
    name: `exceptions PDF, detailed (5,000 exceptions, 3 sites × 3 months): ${kb} kB (target ≤ 500 kB), CPU median ${cpuMs} ms`,
    medianMs: ms,
    targetMs: TARGET_MS,
    pass: ms <= TARGET_MS && kb <= 500,
  };
}

export async function benchHoursReport(): Promise<BenchResult> {
  const data = sites(1, 1_000, 20_000, '2028-01-01', 366, 366);
  const h = header('2028-01-01', '2028-12-31');
  const { ms, cpuMs } = await median(15, 3, () => buildHoursReport(h, data, '2026-11-23').sites[0].days.length);
  const TARGET_MS = 300;
  return {
    name: `available-hours report (1,000 employees × 366 days, 20,000 exceptions), CPU median ${cpuMs} ms`,
    medianMs: ms,
    targetMs: TARGET_MS,
    pass: ms <= TARGET_MS,
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const result of [await benchReportPdf(), await benchHoursReport()]) {
    console.log(JSON.stringify(result));
    if (!result.pass) process.exitCode = 1;
  }
}
