import { z } from 'zod';
import { ZDay, ZDirection, zText } from './common';
import { ZTeamId } from './teams';

const dayHours = z
  .number({ message: 'Hours must be a number' })
  .min(0, 'Hours must be 0 or more')
  .max(24, 'Hours cannot exceed 24')
  .refine((n) => Math.abs(n * 10 - Math.round(n * 10)) < 1e-6, 'Hours must be in steps of 0.1')
  // The refine above (tolerant of binary fractions) is the rule; this states it in the OpenAPI document.
  .meta({ multipleOf: 0.1 });

export { weekdayFields, type WeekdayField } from '../domain/weekdays';

export const ZEmployeeInput = z.object({
  name: zText({ field: 'Name', message: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(100, 'Name must be 100 characters or fewer'),
  efficiency: z
    .number({ message: 'Efficiency must be a number' })
    .int('Efficiency must be a whole number')
    .min(1, 'Efficiency must be at least 1%')
    .max(200, 'Efficiency cannot exceed 200%'),
  mondayHours: dayHours,
  tuesdayHours: dayHours,
  wednesdayHours: dayHours,
  thursdayHours: dayHours,
  fridayHours: dayHours,
  saturdayHours: dayHours,
  sundayHours: dayHours,
  /**
   * The employee's team, a team of the same site, or null for none (decision 085). Left out: a new employee
   * has none and an update keeps the team it had.
   */
  teamId: ZTeamId.optional(),
  /**
   * First day employed (decisions 095, 107): the first contract version starts on it, so no hours, leave or
   * coverage count before it. Left out or null on a create: the day the employee is added. On an update, left
   * out: unchanged; a new date moves the first version with it. A date before today, on a create or as a move
   * that reaches past days, is a change of the past: administrators only, confirmed with `confirmPast`.
   */
  startDate: ZDay.nullable().optional(),
  /** Confirms a start date that changes past days' hours (409 `ZPastChangeRefusal` until sent). */
  confirmPast: z.boolean().optional(),
});
export type TEmployeeInput = z.infer<typeof ZEmployeeInput>;

export const employeeDefaults: TEmployeeInput = {
  name: '',
  efficiency: 100,
  mondayHours: 7.6,
  tuesdayHours: 7.6,
  wednesdayHours: 7.6,
  thursdayHours: 7.6,
  fridayHours: 7.6,
  saturdayHours: 0,
  sundayHours: 0,
};

/** One contract version as the hours engine reads it (decision 076). */
export const ZEngineContract = ZEmployeeInput.omit({ name: true, teamId: true, startDate: true, confirmPast: true }).extend({
  id: z.number(),
  validFrom: z.string().nullable(),
});

export const ZEmployee = ZEmployeeInput.omit({ confirmPast: true }).extend({
  id: z.number(),
  siteId: z.number(),
  sortOrder: z.number(),
  defaultHours: z.number(),
  /** Always answered by the server (null: no team); optional so the shapes the calendar builds itself stay valid. */
  teamId: z.number().nullable().optional(),
  /** Contracts (decision 076): the hours above are the version in force today; these say where it starts. */
  contractFrom: z.string().nullable().optional(),
  contractCount: z.number().optional(),
  endDate: z.string().nullable().optional(),
  /**
   * Every version, ascending, when the hours above do not tell the whole story: more than one version, a first
   * version with a start date, or an end date. The calendar's engine reads them (`EngineStaff.contracts`).
   */
  contracts: z.array(ZEngineContract).optional(),
  /** The id of the user who is this employee (decision 091), or null; answered by the employee calls only. */
  userId: z.number().nullable().optional(),
});
export type TEmployee = z.infer<typeof ZEmployee>;

export const ZEmployeeList = z.array(ZEmployee);

export const ZReorderRequest = z.object({ direction: ZDirection });
export type TReorderRequest = z.infer<typeof ZReorderRequest>;
