import { z } from 'zod';
import { zText } from './common';

/** Teams (departments) within a site (decision 085). */

export const TEAM_NAME_MAX = 100;

const teamName = zText({ field: 'Team name', message: 'Team name is required' })
  .trim()
  .min(1, 'Team name is required')
  .max(TEAM_NAME_MAX, `Team name must be ${TEAM_NAME_MAX} characters or fewer`);

export const ZTeam = z.object({
  id: z.number(),
  name: z.string(),
  sortOrder: z.number(),
  /** How many of the site's employees are in the team. */
  employeeCount: z.number(),
});
export type TTeam = z.infer<typeof ZTeam>;

export const ZTeamList = z.array(ZTeam);

/** A team as the calendar's reply carries it, for grouping and filtering its rows. */
export const ZCalendarTeam = ZTeam.omit({ employeeCount: true });
export type TCalendarTeam = z.infer<typeof ZCalendarTeam>;

export const ZTeamCreate = z.object({ name: teamName });
export type TTeamCreate = z.infer<typeof ZTeamCreate>;

/**
 * A rename, a move, or both. `sortOrder` is the team's 0-based position in the site's list: the others shift to
 * make room, and a position past the end means the end.
 */
export const ZTeamUpdate = z
  .object({
    name: teamName.optional(),
    sortOrder: z
      .number({ message: 'sortOrder must be a number' })
      .int('sortOrder must be a whole number')
      .min(0, 'sortOrder must be 0 or more')
      .max(100_000, 'sortOrder must be 100000 or less')
      .optional(),
  })
  .refine((v) => v.name !== undefined || v.sortOrder !== undefined, { message: 'Send a name, a sortOrder or both' });
export type TTeamUpdate = z.infer<typeof ZTeamUpdate>;

/** The team an employee call names: a team id of the actor's site, or null for none. */
export const ZTeamId = z
  .number({ message: 'teamId must be a number or null' })
  .int('teamId must be a whole number')
  .positive('teamId must be positive')
  .max(2147483647, 'teamId is out of range')
  .nullable();

export const teamMessages = {
  notFound: 'Team not found',
  duplicate: (name: string) => `A team named "${name}" already exists`,
  unknownTeam: (id: number) => `Unknown teamId: ${id}`,
  deleted: 'Team deleted',
};
