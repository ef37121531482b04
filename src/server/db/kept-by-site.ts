/**
 * Per-site values the server keeps between requests, each tagged with the database version it was read at, so
 * a statement can confirm the version in its own snapshot before the kept value is used (decisions 054 and 077).
 * At most `maxSites` sites; the least recently stored goes first.
 */
export class KeptBySite<T extends { version: string }> {
  private readonly values = new Map<number, T>();

  constructor(private readonly maxSites: number) {}

  get(siteId: number): T | undefined {
    return this.values.get(siteId);
  }

  keep(siteId: number, value: T): void {
    this.values.delete(siteId);
    this.values.set(siteId, value);
    if (this.values.size > this.maxSites) this.values.delete(this.values.keys().next().value as number);
  }
}
