/** The ids for aria-describedby, skipping absent ones; undefined when none, so no empty attribute is drawn. */
export function describedBy(...ids: Array<string | false | null | undefined | ''>): string | undefined {
  const present = ids.filter((id): id is string => typeof id === 'string' && id !== '');
  return present.length ? present.join(' ') : undefined;
}
