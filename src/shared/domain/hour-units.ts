/*
 * Hours are handled as integers in units of 1e-5 h: weekday hours have 0.1 steps and efficiency is a
 * whole percent, so hours×1000×efficiency is exact. Summing integers avoids float drift (7.6×3 must
 * read 22.8), and rounding happens once, at the end. Its own module, below the engine's three files, so
 * each of them reads the units without importing another (decision 072).
 */
const UNITS = 100_000;

/** The engine's unit of hours, 1e-5 h: every sum of hours on the way to a reply is kept in it. */
export const HOUR_UNITS = UNITS;
export const toUnits = (hours: number): number => Math.round(hours * UNITS);

export const UNITS_PER_MILLI = 100;
export const milli = (hours: number): number => Math.round(hours * 1000);
export const unitsToHours = (units: number): number => units / UNITS;
export const unitsToOneDecimal = (units: number): number => Math.round(units / (UNITS / 10)) / 10;
