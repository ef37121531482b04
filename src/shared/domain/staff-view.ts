/**
 * What Staff may see of a colleague's absence (DOMAIN.md, decision 106): that they are away, the type only where
 * the site chooses and never a sickness, and never the notes or hours. Pure and free of zod, so the calendar's
 * entry chunk, which decodes the first reply, can name "Away" without carrying the contracts.
 */

/** The type id a colleague's hidden absence carries: no stored type has it (ids start at 1). */
export const AWAY_REASON_ID = 0;
export const AWAY_NAME = 'Away';
/** Slate: neutral, and unlike every preset colour a type may have. */
export const AWAY_COLOR = '#94a3b8';

/**
 * Names that say sickness or health on their own: such a type counts as sickness whatever its flag, so a type
 * made by an import, a registration or an older version is never shown by mistake.
 */
const SICKNESS_WORDS = /sick|illness|\bill\b|medical|doctor|hospital|injur/i;

export interface TypeFacts {
  name: string;
  /** The type's Sickness flag (Manage Exception Types); absent on rows that predate it. */
  isSickness?: boolean;
}

/** A type counts as sickness when its flag says so or its name does. */
export function isSicknessType(type: TypeFacts): boolean {
  return type.isSickness === true || SICKNESS_WORDS.test(type.name);
}

/** Whether Staff see this type on a colleague's absence: the site's setting on, and never a sickness type. */
export function typeShownToStaff(type: TypeFacts, showTypes: boolean): boolean {
  return showTypes && !isSicknessType(type);
}

/** What a Staff request may see of others, read once per request from the site's settings and types. */
export interface StaffView {
  /** The caller's own linked employee, shown in full; null for none (and for API tokens, which act for the site). */
  ownEmployeeId: number | null;
  /** The type ids Staff see on a colleague's absence: empty unless the site's setting is on; never sickness. */
  shownTypes: ReadonlySet<number>;
}
