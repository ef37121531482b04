/**
 * A day's hours in a phone's month cell, where seven days share 320 px (decision 115): at most four characters
 * and the unit, so a big site's total is never cut. Under 100 h the tenth is kept ("37.5h"); to 999 h whole hours
 * ("238h"); from 1,000 h thousands with one decimal ("2.4kh", "12kh" from 10,000). The cell's accessible name
 * and its title carry the full figure.
 */
export function compactHours(hours: number): string {
  const h = Math.abs(hours) < 0.05 ? 0 : hours;
  if (Math.abs(h) < 99.95) return `${h.toFixed(1)}h`;
  if (Math.abs(h) < 999.5) return `${Math.round(h)}h`;
  const k = h / 1000;
  if (Math.abs(k) < 9.95) return `${trim(k.toFixed(1))}kh`;
  return `${Math.round(k)}kh`;
}

const trim = (s: string) => s.replace(/\.0$/, '');
