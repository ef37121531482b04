import type { APIRequestContext } from '@playwright/test';
import type { TDayChange, TExceptionView, THoliday } from '../../src/shared/contracts/calendar';
import type { TContractList } from '../../src/shared/contracts/employee-contracts';
import type { TEmployee } from '../../src/shared/contracts/employees';
import type { TSettings } from '../../src/shared/contracts/settings';
import { referenceDay, siteFromReads } from '../reference/hours-by-date';

/**
 * The hours a day should show, from the site's own reads and the independent reference
 * (tests/reference/hours-by-date.ts), never from the engine under test. Before 16 June 2025 a recorded day
 * shows its stored hours, a holiday excepted (the calendar's stored-hours rule).
 */
const CUTOFF = '2025-06-16';

async function read<T>(api: APIRequestContext, url: string): Promise<T> {
  const res = await api.get(url);
  if (!res.ok()) throw new Error(`${url}: ${res.status()}`);
  return (await res.json()) as T;
}

export async function referenceHours(api: APIRequestContext, days: readonly string[]): Promise<Map<string, number>> {
  const w = `startDate=${days[0]}&endDate=${days[days.length - 1]}`;
  const [list, exceptions, holidays, settings, changes] = await Promise.all([
    read<TEmployee[]>(api, '/api/employees'),
    read<TExceptionView[]>(api, `/api/exceptions?${w}`),
    read<THoliday[]>(api, `/api/public-holidays?${w}`),
    read<TSettings>(api, '/api/settings'),
    read<TDayChange[]>(api, `/api/day-changes?${w}`),
  ]);
  const contracts = await Promise.all(list.map((e) => read<TContractList>(api, `/api/employees/${e.id}/contracts`)));
  const site = siteFromReads({ settings, contracts, exceptions, holidays });
  const stored = new Map(changes.map((c) => [c.date, c.currentHours]));
  return new Map(
    days.map((date) => {
      const kept = date < CUTOFF && !site.holidays.includes(date) ? stored.get(date) : undefined;
      return [date, kept ?? referenceDay(site, date).available];
    }),
  );
}
