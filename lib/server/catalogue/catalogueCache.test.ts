import { describe, expect, it, vi } from 'vitest';
import { CatalogueCache, type CatalogueSource } from './catalogueCache';
import type { CatalogueSnapshot } from './CatalogueRepository';

function fakeSource(initialVersion = 1) {
  let version = initialVersion;
  const source = {
    version: vi.fn(async () => version),
    loadSnapshot: vi.fn(async (): Promise<CatalogueSnapshot> => ({
      version,
      brands: new Map(),
      flowsByPath: new Map(),
      crossSellsByBrand: new Map(),
      couponsByCode: new Map(),
      scheduledChanges: new Map(),
    })),
  } satisfies CatalogueSource;
  return { source, bump: () => (version += 1) };
}

describe('CatalogueCache', () => {
  it('serves reads within the TTL from memory, with no database call', async () => {
    const { source } = fakeSource();
    let now = 1_000;
    const cache = new CatalogueCache(
      async () => source,
      5_000,
      () => now,
    );
    const first = await cache.get();
    now += 4_999;
    const second = cache.get();
    expect(second).toBe(first); // not even a promise: the snapshot itself
    expect(source.loadSnapshot).toHaveBeenCalledTimes(1);
    expect(source.version).toHaveBeenCalledTimes(0);
  });

  it('after the TTL checks the version and keeps the snapshot when it has not changed', async () => {
    const { source } = fakeSource();
    let now = 0;
    const cache = new CatalogueCache(
      async () => source,
      5_000,
      () => now,
    );
    const first = await cache.get();
    now = 5_000;
    expect(await cache.get()).toBe(first);
    expect(source.version).toHaveBeenCalledTimes(1);
    expect(source.loadSnapshot).toHaveBeenCalledTimes(1);
  });

  it('reloads after the TTL when another process changed the catalogue', async () => {
    const { source, bump } = fakeSource();
    let now = 0;
    const cache = new CatalogueCache(
      async () => source,
      5_000,
      () => now,
    );
    expect((await cache.get()).version).toBe(1);
    bump();
    now = 6_000;
    expect((await cache.get()).version).toBe(2);
    expect(source.loadSnapshot).toHaveBeenCalledTimes(2);
  });

  it('reloads at once after invalidate()', async () => {
    const { source, bump } = fakeSource();
    const cache = new CatalogueCache(
      async () => source,
      60_000,
      () => 0,
    );
    await cache.get();
    bump();
    cache.invalidate();
    expect((await cache.get()).version).toBe(2);
  });

  it('shares one load between concurrent first reads', async () => {
    const { source } = fakeSource();
    const cache = new CatalogueCache(
      async () => source,
      5_000,
      () => 0,
    );
    const [a, b, c] = await Promise.all([cache.get(), cache.get(), cache.get()]);
    expect(a).toBe(b);
    expect(b).toBe(c);
    expect(source.loadSnapshot).toHaveBeenCalledTimes(1);
  });

  it('lets the next read retry when a load fails', async () => {
    const { source } = fakeSource();
    source.loadSnapshot.mockRejectedValueOnce(new Error('database is locked'));
    const cache = new CatalogueCache(
      async () => source,
      5_000,
      () => 0,
    );
    await expect(cache.get()).rejects.toThrow('database is locked');
    expect((await cache.get()).version).toBe(1);
  });
});
