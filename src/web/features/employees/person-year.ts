/** The fields of an exception the employee page reads (a subset of the API's exception view). */
export interface PersonException {
  id: number;
  reasonId: number;
  reasonName: string;
  reasonColor: string;
  startDate: string;
  endDate: string;
  isFullDay: boolean;
  hours: number | null;
}

const DAY_MS = 86_400_000;
const dayNumber = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / DAY_MS;
const isoOf = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** Every day of a span clipped to [from, to], as ISO dates. */
export function daysIn(startDate: string, endDate: string, from: string, to: string): string[] {
  const first = Math.max(dayNumber(startDate), dayNumber(from));
  const last = Math.min(dayNumber(endDate), dayNumber(to));
  const days: string[] = [];
  for (let n = first; n <= last; n++) days.push(isoOf(n));
  return days;
}

/** The exceptions of each day in [from, to], keyed by ISO date; a day with none is absent from the map. */
export function exceptionsByDay<T extends PersonException>(exceptions: readonly T[], from: string, to: string): Map<string, T[]> {
  const byDay = new Map<string, T[]>();
  for (const e of exceptions) {
    for (const day of daysIn(e.startDate, e.endDate, from, to)) {
      const list = byDay.get(day);
      if (list) list.push(e);
      else byDay.set(day, [e]);
    }
  }
  return byDay;
}

export interface TypeKey {
  reasonId: number;
  reasonName: string;
  reasonColor: string;
}

/** The types among the exceptions, by name: the strip's key. How many days and hours each took the server counts. */
export function typesOf(exceptions: readonly PersonException[]): TypeKey[] {
  const types = new Map<number, TypeKey>();
  for (const e of exceptions) types.set(e.reasonId, { reasonId: e.reasonId, reasonName: e.reasonName, reasonColor: e.reasonColor });
  return [...types.values()].sort((a, b) => a.reasonName.localeCompare(b.reasonName));
}

/** The twelve months of a year, each with its days as ISO dates. */
export function yearMonths(year: number): { month: number; days: string[] }[] {
  return Array.from({ length: 12 }, (_, m) => {
    const count = new Date(Date.UTC(year, m + 1, 0)).getUTCDate();
    const days = Array.from({ length: count }, (_, d) => `${year}-${String(m + 1).padStart(2, '0')}-${String(d + 1).padStart(2, '0')}`);
    return { month: m, days };
  });
}

/** The year in the address (`?year=2026`), else the current one; a nonsense value falls back too. */
export function yearFromSearch(value: string | null, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1900 && n <= 2200 ? n : fallback;
}
