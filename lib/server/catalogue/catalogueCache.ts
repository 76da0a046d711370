import type { CatalogueSnapshot } from './CatalogueRepository';

export interface CatalogueSource {
  version(): Promise<number>;
  loadSnapshot(): Promise<CatalogueSnapshot>;
}

/**
 * Holds the catalogue in memory so that rendering a page costs no database round trip.
 * After `ttlMs` the next read checks the catalogue's version (one tiny query) and reloads
 * only when it changed, so an import by another process shows within the TTL; an import
 * in this process calls `invalidate()` and shows at once. Concurrent reads share one load.
 */
export class CatalogueCache {
  private snapshot: CatalogueSnapshot | null = null;
  private checkedAt = 0;
  private pending: Promise<CatalogueSnapshot> | null = null;

  constructor(
    private readonly source: () => Promise<CatalogueSource>,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(): Promise<CatalogueSnapshot> | CatalogueSnapshot {
    if (this.snapshot && this.now() - this.checkedAt < this.ttlMs) return this.snapshot;
    this.pending ??= this.refresh().finally(() => {
      this.pending = null;
    });
    return this.pending;
  }

  invalidate(): void {
    this.snapshot = null;
    this.checkedAt = 0;
  }

  private async refresh(): Promise<CatalogueSnapshot> {
    const source = await this.source();
    const startedAt = this.now();
    if (this.snapshot && (await source.version()) === this.snapshot.version) {
      this.checkedAt = startedAt;
      return this.snapshot;
    }
    const snapshot = await source.loadSnapshot();
    this.snapshot = snapshot;
    this.checkedAt = startedAt;
    return snapshot;
  }
}
