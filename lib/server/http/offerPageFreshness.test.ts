import { describe, expect, it } from 'vitest';
import { CatalogueCache, type CatalogueSource } from '@/lib/server/catalogue/catalogueCache';
import type { CatalogueSnapshot } from '@/lib/server/catalogue/CatalogueRepository';
import { OFFER_PAGE_FRESHNESS_S, sharedCacheControl } from './pageCaching';

/**
 * A catalogue change shows on the offer page within OFFER_PAGE_FRESHNESS_S, through both
 * caches at once: the server's CatalogueCache (the real one, on a fake clock) and a shared
 * cache that honours the page's Cache-Control as nginx does (fresh for s-maxage; then, for
 * stale-while-revalidate, the stale copy is answered while the next one is fetched).
 */
async function simulate({
  ttlMs,
  changeAtMs,
  requestEveryMs,
  firstRequestMs,
  untilMs,
}: {
  ttlMs: number;
  changeAtMs: number;
  requestEveryMs: number;
  firstRequestMs: number;
  untilMs: number;
}) {
  let now = 0;
  const source: CatalogueSource = {
    version: async () => (now >= changeAtMs ? 2 : 1),
    loadSnapshot: async () =>
      ({
        version: now >= changeAtMs ? 2 : 1,
        brands: new Map(),
        flowsByPath: new Map(),
        crossSellsByBrand: new Map(),
        couponsByCode: new Map(),
        scheduledChanges: new Map(),
      }) as CatalogueSnapshot,
  };
  const catalogue = new CatalogueCache(
    async () => source,
    ttlMs,
    () => now,
  );
  const render = async () => (await catalogue.get()).version;

  const header = sharedCacheControl(ttlMs)!;
  const seconds = (name: string) => Number(new RegExp(`${name}=(\\d+)`).exec(header)![1]) * 1000;
  const [fresh, stale] = [seconds('s-maxage'), seconds('stale-while-revalidate')];

  let stored: { version: number; at: number } | null = null;
  const answers: { at: number; version: number }[] = [];
  for (now = firstRequestMs; now <= untilMs; now += requestEveryMs) {
    const age = stored ? now - stored.at : Infinity;
    if (stored && age < fresh) {
      answers.push({ at: now, version: stored.version });
    } else if (stored && age < fresh + stale) {
      answers.push({ at: now, version: stored.version });
      stored = { version: await render(), at: now }; // the background update
    } else {
      stored = { version: await render(), at: now };
      answers.push({ at: now, version: stored.version });
    }
  }
  return answers;
}

describe('a catalogue change on the offer page, through the server and a shared cache', () => {
  const cases: [number, number, number][] = [];
  for (const ttlMs of [0, 5_000, 20_000]) {
    for (const requestEveryMs of [250, 1_000, 7_000, 16_000, 39_000, 56_000]) {
      for (const changeAtMs of [1, 4_999, 12_345, 40_001, 54_999, 55_000]) cases.push([ttlMs, requestEveryMs, changeAtMs]);
    }
  }

  it.each(cases)(
    'catalogue TTL %d ms, a request every %d ms, a change at %d ms: shown to everyone within 60 s',
    async (ttlMs, requestEveryMs, changeAtMs) => {
      for (const firstRequestMs of [0, Math.floor(requestEveryMs / 3)]) {
        const answers = await simulate({
          ttlMs,
          changeAtMs,
          requestEveryMs,
          firstRequestMs,
          untilMs: changeAtMs + 5 * OFFER_PAGE_FRESHNESS_S * 1000,
        });
        const late = answers.filter((answer) => answer.version === 1 && answer.at >= changeAtMs + OFFER_PAGE_FRESHNESS_S * 1000);
        expect(late).toEqual([]);
        expect(answers.at(-1)!.version).toBe(2);
      }
    },
  );

  it('is not shown sooner than the caches allow, which is what they are for', async () => {
    // A check of the model itself: right after a change, the stored page is still the old one.
    const answers = await simulate({ ttlMs: 5_000, changeAtMs: 1_000, requestEveryMs: 1_000, firstRequestMs: 0, untilMs: 3_000 });
    expect(answers.map((answer) => answer.version)).toEqual([1, 1, 1, 1]);
  });
});

/**
 * A campaign that ends, through a shared cache that honours each answer as nginx does
 * (deploy/nginx.conf): an answer whose Cache-Control is not shared is never stored, and a
 * stored copy is answered stale only within its stale-while-revalidate.
 */
function simulateEnding({ endAtMs, requestEveryMs, firstRequestMs }: { endAtMs: number; requestEveryMs: number; firstRequestMs: number }) {
  const origin = (now: number) => {
    if (now >= endAtMs) return { page: 'ended', header: null };
    return { page: 'offer', header: sharedCacheControl(5_000, endAtMs - now) };
  };
  // Written by store() inside the loop, so its type is stated rather than narrowed from null.
  let stored = null as { page: string; at: number; fresh: number; stale: number } | null;
  const store = (now: number) => {
    const answer = origin(now);
    if (answer.header) {
      const seconds = (name: string) => Number(new RegExp(`${name}=(\\d+)`).exec(answer.header!)![1]) * 1000;
      stored = { page: answer.page, at: now, fresh: seconds('s-maxage'), stale: seconds('stale-while-revalidate') };
    }
    return answer.page;
  };
  const answers: { at: number; page: string }[] = [];
  for (let now = firstRequestMs; now <= endAtMs + 120_000; now += requestEveryMs) {
    const age = stored ? now - stored.at : Infinity;
    if (stored && age < stored.fresh) answers.push({ at: now, page: stored.page });
    else if (stored && age < stored.fresh + stored.stale) {
      answers.push({ at: now, page: stored.page });
      store(now); // the background update
    } else answers.push({ at: now, page: store(now) });
  }
  return answers;
}

describe('an ending campaign through a shared cache', () => {
  it.each([
    [250, 0],
    [1_000, 333],
    [7_000, 0],
    [16_000, 5_000],
    [39_000, 1_000],
  ])('a request every %d ms from %d ms: nobody is shown the offer once it has ended', (requestEveryMs, firstRequestMs) => {
    for (const endAtMs of [10_000, 54_999, 60_000, 123_456]) {
      const answers = simulateEnding({ endAtMs, requestEveryMs, firstRequestMs });
      expect(answers.filter((answer) => answer.page === 'offer' && answer.at >= endAtMs)).toEqual([]);
      expect(answers.some((answer) => answer.page === 'offer')).toBe(firstRequestMs < endAtMs);
    }
  });
});
