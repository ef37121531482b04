import { AppError } from '../../../shared/errors';
import {
  FORECAST_DEFAULT_WEEKS,
  type TForecast,
  type TForecastQuery,
  type TForecastSite,
} from '../../../shared/contracts/coverage-forecast';
import { requiredHours, shortBy } from '../../../shared/domain/coverage';
import { addDaysStr, eachDay, startOfWeekStr } from '../../../shared/domain/dates';
import { permittedScope, type Actor } from '../../auth/access';
import type { Db } from '../../db/client';
import { siteHours, todayOf } from '../day-ledger';
import { readForecastInput, type ForecastSiteInput } from './forecast-input';

/**
 * The capacity forecast (decision 100): every site the user may use, each day of the window, through the day
 * ledger's engine. The "if approved" line is the same engine run once more with the site's pending requests
 * added as exceptions, only for a site that has some in the window.
 */

export function forecastWindow(q: TForecastQuery, now: Date): { from: string; to: string; weeks: number; today: string } {
  const today = todayOf(now);
  const weeks = q.weeks ?? FORECAST_DEFAULT_WEEKS;
  const from = q.from ?? startOfWeekStr(today);
  return { from, to: addDaysStr(from, weeks * 7 - 1), weeks, today };
}

export function forecastSite(id: number, name: string, dates: string[], input: ForecastSiteInput): TForecastSite {
  const now = siteHours(input.days, dates);
  const approved = input.pendingCount > 0 ? siteHours(input.days, dates, { withPending: true }) : now;
  const site: TForecastSite = {
    id,
    name,
    availableHours: [],
    requiredHours: [],
    defaultHours: [],
    holiday: [],
    ifApprovedHours: [],
    shortHours: [],
    pendingRequests: input.pendingCount,
  };
  for (const date of dates) {
    const day = now.get(date)!;
    const required = requiredHours(input.rules, date, day.isPublicHoliday);
    site.availableHours.push(day.availableHours);
    site.requiredHours.push(required);
    site.defaultHours.push(day.defaultHours);
    site.holiday.push(day.publicHolidayName);
    site.ifApprovedHours.push(approved.get(date)!.availableHours);
    site.shortHours.push(shortBy(day.availableHours, required));
  }
  return site;
}

export async function getForecast(db: Db, actor: Actor, q: TForecastQuery, now: Date): Promise<TForecast> {
  const window = forecastWindow(q, now);
  const scope = await permittedScope(db, actor);
  if (scope.sites.length === 0) throw new AppError('FORBIDDEN', 'You may not use this site');
  const dates = eachDay(window.from, window.to);
  const inputs = await readForecastInput(db, scope, window.from, window.to);
  return {
    ...window,
    dates,
    sites: scope.sites.map((s) => forecastSite(s.id, s.name, dates, inputs.get(s.id)!)),
  };
}
