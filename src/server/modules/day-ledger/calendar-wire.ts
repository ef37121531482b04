import { sql, type SQL } from 'drizzle-orm';
import { inSite, type Actor } from '../../auth/access';
import { alias } from 'drizzle-orm/pg-core';
import { employees } from '../../db/schema';

/** The employees table as `e`, the name the raw fragments use. */
const staff = alias(employees, 'e');

/**
 * The staff part of the calendar's reply (decisions 032, 077, 110): the same facts `readSiteDays` reads for the
 * server's figures, in the browser's wire form, so the calendar's engine counts what every page counts. Kept in
 * the day ledger beside read.ts so that one folder holds every read of contracts for hours.
 *
 * Each employee with the hours of its latest contract version, and every version (decision 076) when those hours
 * alone do not tell the engine the truth: more than one version, a dated first one, or an end date. Not "today's"
 * version: the reply is cached until the site's data changes, and a day passing is not one. One row per employee
 * in ZEmployeeRow's column order, with the sort keys `o1`, `o2`; the table is named `e`.
 */
export function calendarStaffRows(actor: Pick<Actor, 'siteId'>): SQL {
  const versions = sql.raw(`(select count(*)::int as n, json_agg(json_build_object('id', c.id, 'validFrom', c.valid_from,
      'efficiency', c.efficiency, 'mondayHours', c.monday_hours, 'tuesdayHours', c.tuesday_hours, 'wednesdayHours', c.wednesday_hours,
      'thursdayHours', c.thursday_hours, 'fridayHours', c.friday_hours, 'saturdayHours', c.saturday_hours, 'sundayHours', c.sunday_hours)
      order by c.valid_from nulls first) as list from employee_contracts c where c.employee_id = e.id)`);
  const latest = sql.raw(`(select c.* from employee_contracts c where c.employee_id = e.id order by c.valid_from desc nulls last limit 1)`);
  return sql`select e.sort_order as o1, e.id as o2, json_build_array(e.id, e.name, coalesce(l.efficiency, 100), e.sort_order,
      json_build_array(coalesce(l.monday_hours, 0), coalesce(l.tuesday_hours, 0), coalesce(l.wednesday_hours, 0), coalesce(l.thursday_hours, 0),
        coalesce(l.friday_hours, 0), coalesce(l.saturday_hours, 0), coalesce(l.sunday_hours, 0)),
      e.end_date, case when v.n = 1 and l.valid_from is null and e.end_date is null then null else coalesce(v.list, '[]'::json) end,
      e.team_id) as j
    from ${employees} e left join lateral ${latest} l on true left join lateral ${versions} v on true
    where ${inSite(actor, staff.siteId)}`;
}
