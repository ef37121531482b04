/** Spec 02 §9: retention and future-data limits, and the values an invalid input falls back to (§5). */
export const RETENTION_MIN = 30;
export const RETENTION_MAX = 3650;
export const DEFAULT_RETENTION_DAYS = 365;
export const DEFAULT_FUTURE_DAYS = 730;

/** A whole number of days in 30–3650, or the fallback: what the number inputs and the server both apply. */
export function daysOrDefault(value: unknown, fallback: number): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= RETENTION_MIN && n <= RETENTION_MAX ? n : fallback;
}
