import { describe, expect, it } from 'vitest';
import type { StepId } from '@/lib/journey/steps';
import {
  mayBeKeptBySharedCache,
  OFFER_PAGE_FRESHNESS_S,
  pageCaching,
  type PageRequest,
  type PersonalReason,
  sharedCacheControl,
  STALE_WHILE_REVALIDATE_S,
} from './pageCaching';

const SHARED = 'public, s-maxage=40, stale-while-revalidate=15';
const anonymousOffer: PageRequest = { method: 'GET', step: 'campaign', livemode: true, cookieNames: [], msUntilEnd: null };

describe('pageCaching', () => {
  it.each<[string, Partial<PageRequest>, PersonalReason | 'shared']>([
    ['an anonymous offer page', {}, 'shared'],
    ['an anonymous offer page asked with HEAD', { method: 'HEAD' }, 'shared'],
    ['an offer page with a source (the URL is the cache key)', {}, 'shared'],
    ["an offer page with other sites' cookies", { cookieNames: ['_ga', 'OptanonAlertBoxClosed', 'pj'] }, 'shared'],
    ['a POST', { method: 'POST' }, 'method'],
    ['no method at all', { method: undefined }, 'method'],
    ['the cart', { step: 'cart' }, 'personal-step'],
    ['the payment step', { step: 'credit-card' }, 'personal-step'],
    ['the promo code step', { step: 'promo-code' }, 'personal-step'],
    ['the success page', { step: 'success' }, 'personal-step'],
    ['the sign-in pages', { step: 'auth-initiate' }, 'personal-step'],
    ['the sign-in return', { step: 'auth-complete' }, 'personal-step'],
    ["Amazon Pay's return", { step: 'amazon-pay-return' }, 'personal-step'],
    ['test mode (?livemode=false or the mt_livemode cookie)', { livemode: false }, 'test-mode'],
    ['the mt_livemode cookie, even saying true', { cookieNames: ['mt_livemode'] }, 'personal-cookie'],
    ['a session', { cookieNames: ['_ga', 'CN_token_access'] }, 'personal-cookie'],
    ["a session's expiry alone", { cookieNames: ['CN_token_access_expires'] }, 'personal-cookie'],
    ['a session on an https site', { cookieNames: ['_ga', '__Host-CN_token_access'] }, 'personal-cookie'],
    ['a sign-in nonce alone (no page reads it)', { cookieNames: ['CN_sign_in_nonce', '__Host-CN_sign_in_nonce'] }, 'shared'],
    ['a consent answer (the banner is rendered from it)', { cookieNames: ['pj_consent'] }, 'personal-cookie'],
    ['a cart', { cookieNames: ['pj_cart_vogue-demo-single'] }, 'personal-cookie'],
    ['a receipt on an https site', { cookieNames: ['__Host-pj_receipt'] }, 'personal-cookie'],
    ['a campaign ending in an hour', { msUntilEnd: 3_600_000 }, 'shared'],
    ['a campaign ending in 55 s (40 s fresh and 15 s stale end with it)', { msUntilEnd: 55_000 }, 'shared'],
    ['a campaign ending in 15 s (not one fresh second fits)', { msUntilEnd: 15_000 }, 'campaign-ending'],
  ])('%s → %s', (_, request, expected) => {
    const caching = pageCaching({ ...anonymousOffer, ...request }, 5_000);
    if (expected === 'shared') {
      expect(caching).toEqual({ shared: true, cacheControl: SHARED });
    } else {
      expect(caching).toEqual({ shared: false, cacheControl: 'private, no-store', reason: expected });
    }
  });

  it('shares only the offer page among the steps', () => {
    const steps: StepId[] = [
      'campaign',
      'cart',
      'promo-code',
      'credit-card',
      'amazon-pay-return',
      'success',
      'auth-initiate',
      'auth-complete',
    ];
    expect(steps.filter((step) => pageCaching({ ...anonymousOffer, step }, 5_000).shared)).toEqual(['campaign']);
  });
});

describe('sharedCacheControl', () => {
  const parts = (header: string) =>
    Object.fromEntries(
      header
        .split(', ')
        .slice(1)
        .map((part) => part.split('=').map((v, i) => (i ? Number(v) : v))),
    );

  it.each([0, 1, 999, 5_000, 10_000, 30_000, 44_000])(
    'with a catalogue TTL of %d ms, the TTL, s-maxage and stale-while-revalidate add up to 60 s at most',
    (ttlMs) => {
      const { 's-maxage': sMaxAge, 'stale-while-revalidate': swr } = parts(sharedCacheControl(ttlMs)!);
      expect(swr).toBe(STALE_WHILE_REVALIDATE_S);
      expect(sMaxAge).toBeGreaterThanOrEqual(1);
      expect(Math.ceil(ttlMs / 1000) + sMaxAge + swr).toBeLessThanOrEqual(OFFER_PAGE_FRESHNESS_S);
    },
  );

  it('is 40 s fresh and 15 s stale with the default 5 s catalogue TTL', () => {
    expect(sharedCacheControl(5_000)).toBe(SHARED);
  });

  it('never drops below one second of caching, however long the catalogue TTL (beyond 44 s it overruns the 60 s)', () => {
    expect(sharedCacheControl(3_600_000)).toBe('public, s-maxage=1, stale-while-revalidate=15');
  });

  it.each<[number, string | null]>([
    [3_600_000, SHARED],
    [55_000, SHARED],
    [54_999, 'public, s-maxage=39, stale-while-revalidate=15'],
    [30_000, 'public, s-maxage=15, stale-while-revalidate=15'],
    [16_000, 'public, s-maxage=1, stale-while-revalidate=15'],
    [15_999, null],
    [0, null],
    [-5_000, null],
  ])('keeps a campaign ending in %d ms only until it ends: %s', (msUntilEnd, expected) => {
    expect(sharedCacheControl(5_000, msUntilEnd)).toBe(expected);
  });

  it('never lets fresh and stale time together outlast the campaign', () => {
    for (let msUntilEnd = 0; msUntilEnd <= 70_000; msUntilEnd += 250) {
      const header = sharedCacheControl(5_000, msUntilEnd);
      if (header === null) continue;
      const { 's-maxage': sMaxAge, 'stale-while-revalidate': swr } = parts(header);
      expect((sMaxAge + swr) * 1000).toBeLessThanOrEqual(msUntilEnd);
    }
  });
});

describe('mayBeKeptBySharedCache', () => {
  it.each<[string | undefined, boolean]>([
    [SHARED, true],
    ['public, max-age=31536000, immutable', true],
    ['s-maxage=10', true],
    ['private, no-store', false],
    ['no-store', false],
    ['private, no-cache, no-store, max-age=0, must-revalidate', false],
    ['public, no-cache', false],
    ['max-age=60', false],
    [undefined, false],
    ['', false],
  ])('%s → %s', (header, expected) => {
    expect(mayBeKeptBySharedCache(header)).toBe(expected);
  });
});
