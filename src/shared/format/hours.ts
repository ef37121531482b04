/**
 * Hours and day counts as people read them (decision 114): always one decimal, "57.0 h", "57.0 → 49.8",
 * "2 days, 15.2 h". One rounding for every screen and mail: half away from zero at the first decimal.
 */

/** The number with one decimal: 57 → "57.0", 7.25 → "7.3", -0.04 → "0.0". */
export function oneDecimal(hours: number): string {
  const tenths = Math.round(Math.abs(hours) * 10);
  if (tenths === 0) return '0.0';
  return `${hours < 0 ? '-' : ''}${(tenths / 10).toFixed(1)}`;
}

/** "57.0 h". */
export const formatHours = (hours: number): string => `${oneDecimal(hours)} h`;

/** "+2.0 h", "-1.5 h", "0.0 h": a change of hours. */
export function formatSignedHours(hours: number): string {
  const text = oneDecimal(hours);
  return `${hours > 0 && text !== '0.0' ? '+' : ''}${text} h`;
}

/** "57.0 → 49.8": hours before and after a change. */
export const formatHoursChange = (before: number, after: number): string => `${oneDecimal(before)} → ${oneDecimal(after)}`;

/** "1 day", "2 days", "0.5 days", "1.5 days": a count of days, whole where it is whole. */
export function formatDays(days: number): string {
  const tenths = Math.round(days * 10);
  const text = tenths % 10 === 0 ? String(tenths / 10) : (tenths / 10).toFixed(1);
  return `${text} ${tenths === 10 ? 'day' : 'days'}`;
}

/** "2 days, 15.2 h": what a stretch of time off takes. */
export const formatDaysAndHours = (days: number, hours: number): string => `${formatDays(days)}, ${formatHours(hours)}`;
