import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { testDb } from '@/tests/fixtures/testDb';
import type { Database } from '@/lib/server/db/schema';
import { HttpError } from '@/lib/server/http/HttpError';
import { NO_PROXIES, requestClientKey } from '@/lib/server/http/clientAddress';
import { RateLimiter } from '@/lib/server/identity/RateLimiter';
import { abusePolicy } from './abuseLimits';
import { CheckoutLimits } from './CheckoutLimits';

const MINUTE = 60_000;
let db: Kysely<Database>;
let clock: number;
const now = () => new Date(clock);
const policy = abusePolicy();

beforeEach(async () => {
  db = await testDb();
  // 12:02:30, so that the current 10-minute window ends in 7.5 minutes.
  clock = Date.parse('2026-11-21T12:02:30Z');
});
afterEach(async () => db.destroy());

const limitsFor = (client: string) => new CheckoutLimits(new RateLimiter(db, now), policy, client, now);
const keyOf = (remoteAddress: string) => requestClientKey({ headers: {}, socket: { remoteAddress } }, NO_PROXIES);

/** The 429 a call throws, or null when it was let on. */
async function refusal(call: Promise<void>): Promise<HttpError | null> {
  try {
    await call;
    return null;
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
}

describe('CheckoutLimits: submits per client address', () => {
  it('lets 10 live submits from an address through in 10 minutes, then answers 429 until the window ends', async () => {
    const limits = limitsFor(keyOf('203.0.113.7'));
    for (let i = 0; i < 10; i += 1) expect(await refusal(limits.admitSubmit(true))).toBeNull();
    const refused = await refusal(limits.admitSubmit(true));
    expect(refused).toMatchObject({ status: 429, code: 'too_many_requests', retryAfterSeconds: 450 });
    expect(refused!.message).toBe('Too many payment attempts from your connection. Please wait 8 minutes and try again.');
    // Another address is not affected; the same one is let on in the next window.
    expect(await refusal(limitsFor(keyOf('203.0.113.8')).admitSubmit(true))).toBeNull();
    clock += 7.5 * MINUTE;
    expect(await refusal(limits.admitSubmit(true))).toBeNull();
  });

  it('caps an address at 50 live submits a day, whatever the 10-minute windows', async () => {
    const limits = limitsFor('198.51.100.1');
    for (let window = 0; window < 5; window += 1) {
      for (let i = 0; i < 10; i += 1) expect(await refusal(limits.admitSubmit(true))).toBeNull();
      clock += 10 * MINUTE;
    }
    expect(await refusal(limits.admitSubmit(true))).toMatchObject({ status: 429 });
  });

  it('counts the IPv6 addresses of one /64 as one client, and another /64 apart', async () => {
    expect(keyOf('2001:db8:1:2::1')).toBe(keyOf('2001:db8:1:2:ffff:ffff:ffff:ffff'));
    for (let i = 0; i < 10; i += 1)
      expect(await refusal(limitsFor(keyOf(`2001:db8:1:2::${(i + 1).toString(16)}`)).admitSubmit(true))).toBeNull();
    expect(await refusal(limitsFor(keyOf('2001:db8:1:2:abcd::99')).admitSubmit(true))).toMatchObject({ status: 429 });
    expect(await refusal(limitsFor(keyOf('2001:db8:1:3::1')).admitSubmit(true))).toBeNull();
  });

  it('is much looser in test mode (300 in 10 minutes), and counts test and live apart', async () => {
    const limits = limitsFor('192.0.2.50');
    for (let i = 0; i < 10; i += 1) await limits.admitSubmit(true);
    expect(await refusal(limits.admitSubmit(true))).toMatchObject({ status: 429 });
    for (let i = 0; i < 300; i += 1) expect(await refusal(limits.admitSubmit(false))).toBeNull();
    expect(await refusal(limits.admitSubmit(false))).toMatchObject({ status: 429, code: 'too_many_requests' });
  });
});

describe('CheckoutLimits: submits per card', () => {
  it('limits a live card to 5 an hour across addresses, with its own message', async () => {
    for (let i = 0; i < 5; i += 1) expect(await refusal(limitsFor(`203.0.113.${i}`).admitCard('stripe:fp_abc', true))).toBeNull();
    const refused = await refusal(limitsFor('198.51.100.200').admitCard('stripe:fp_abc', true));
    expect(refused).toMatchObject({ status: 429, retryAfterSeconds: 57.5 * 60 });
    expect(refused!.message).toBe('Too many payment attempts with this card. Please wait 58 minutes or use a different card.');
    expect(await refusal(limitsFor('198.51.100.200').admitCard('stripe:fp_other', true))).toBeNull();
  });
});

describe('CheckoutLimits: the slow-down after declines', () => {
  it('refuses an address after 5 live declines for 10 minutes from the last, then 20 after one more', async () => {
    const limits = limitsFor('203.0.113.9');
    for (let i = 0; i < 4; i += 1) await limits.recordDecline(true, null);
    expect(await refusal(limits.admitSubmit(true))).toBeNull();
    await limits.recordDecline(true, null);
    clock += MINUTE;
    const refused = await refusal(limits.admitSubmit(true));
    expect(refused).toMatchObject({ status: 429, retryAfterSeconds: 9 * 60 });
    expect(refused!.message).toBe('Too many declined payments from your connection. Please wait 9 minutes and try again.');
    clock += 9 * MINUTE;
    expect(await refusal(limits.admitSubmit(true))).toBeNull();
    await limits.recordDecline(true, null);
    expect(await refusal(limits.admitSubmit(true))).toMatchObject({ status: 429, retryAfterSeconds: 20 * 60 });
    // Test mode is counted apart, and needs far more declines.
    expect(await refusal(limits.admitSubmit(false))).toBeNull();
  });

  it('refuses a card after 3 live declines, from any address', async () => {
    for (let i = 0; i < 3; i += 1) await limitsFor(`198.51.100.${i}`).recordDecline(true, 'sandbox:card-1');
    const refused = await refusal(limitsFor('192.0.2.77').admitCard('sandbox:card-1', true));
    expect(refused).toMatchObject({ status: 429, retryAfterSeconds: 10 * 60 });
    expect(refused!.message).toContain('This card was declined too many times');
    expect(await refusal(limitsFor('192.0.2.77').admitSubmit(true))).toBeNull();
  });

  it('does not count a submit it refuses, so waiting is enough', async () => {
    const limits = limitsFor('203.0.113.10');
    for (let i = 0; i < 5; i += 1) await limits.recordDecline(true, null);
    for (let i = 0; i < 20; i += 1) expect(await refusal(limits.admitSubmit(true))).toMatchObject({ status: 429 });
    clock += 10 * MINUTE;
    expect(await refusal(limits.admitSubmit(true))).toBeNull();
  });

  it('keeps counting across the end of a fixed window', async () => {
    clock = Date.parse('2026-11-21T11:58:00Z'); // the live decline windows are 12 hours: one ends at 12:00
    const limits = limitsFor('203.0.113.11');
    for (let i = 0; i < 5; i += 1) await limits.recordDecline(true, null);
    clock = Date.parse('2026-11-21T12:01:00Z');
    expect(await refusal(limits.admitSubmit(true))).toMatchObject({ status: 429, retryAfterSeconds: 7 * 60 });
  });

  it('is looser in test mode: 50 declines an hour before a 1-minute slow-down', async () => {
    const limits = limitsFor('203.0.113.12');
    for (let i = 0; i < 49; i += 1) await limits.recordDecline(false, 'sandbox:card-2');
    expect(await refusal(limits.admitSubmit(false))).toBeNull();
    expect(await refusal(limits.admitCard('sandbox:card-2', false))).toBeNull();
    await limits.recordDecline(false, 'sandbox:card-2');
    expect(await refusal(limits.admitSubmit(false))).toMatchObject({ status: 429, retryAfterSeconds: 60 });
  });
});

describe('CheckoutLimits: confirms and quotes', () => {
  it('limits confirms to 30 and quotes to 600 per address per 10 minutes', async () => {
    const limits = limitsFor('203.0.113.13');
    for (let i = 0; i < 30; i += 1) await limits.admitConfirm(true);
    expect((await refusal(limits.admitConfirm(true)))!.message).toContain('your payment will not be taken twice');
    for (let i = 0; i < 600; i += 1) await limits.admitQuote(true);
    expect(await refusal(limits.admitQuote(true))).toMatchObject({
      status: 429,
      message: 'Too many price requests from your connection. Please wait 8 minutes and try again.',
    });
  });
});

describe('CheckoutLimits: test mode and live are separate budgets', () => {
  it('a spent test budget of quotes and confirms leaves the live one whole, and the other way round', async () => {
    const qa = limitsFor('203.0.113.21');
    for (let i = 0; i < 600; i += 1) await qa.admitQuote(false);
    expect(await refusal(qa.admitQuote(false))).toMatchObject({ status: 429 });
    expect(await refusal(qa.admitQuote(true))).toBeNull();
    for (let i = 0; i < 30; i += 1) await qa.admitConfirm(true);
    expect(await refusal(qa.admitConfirm(true))).toMatchObject({ status: 429 });
    expect(await refusal(qa.admitConfirm(false))).toBeNull();
  });

  it('a spent test budget of submits leaves the live one whole, and the other way round', async () => {
    const qa = limitsFor('203.0.113.22');
    for (let i = 0; i < 300; i += 1) await qa.admitSubmit(false);
    expect(await refusal(qa.admitSubmit(false))).toMatchObject({ status: 429 });
    expect(await refusal(qa.admitSubmit(true))).toBeNull();
    const buyer = limitsFor('203.0.113.23');
    for (let i = 0; i < 10; i += 1) await buyer.admitSubmit(true);
    expect(await refusal(buyer.admitSubmit(true))).toMatchObject({ status: 429 });
    expect(await refusal(buyer.admitSubmit(false))).toBeNull();
  });

  it('test declines slow down test submits only, live declines live ones only; only the test refusal says how to lift it', async () => {
    const qa = limitsFor('203.0.113.24');
    for (let i = 0; i < 50; i += 1) await qa.recordDecline(false, 'sandbox:card-9');
    const refused = await refusal(qa.admitSubmit(false));
    expect(refused).toMatchObject({ status: 429 });
    expect(refused!.message).toMatch(/^Too many declined payments from your connection\. .* on \/admin\/limits\.$/);
    expect(await refusal(qa.admitCard('sandbox:card-9', true))).toBeNull();
    expect(await refusal(qa.admitSubmit(true))).toBeNull();

    const buyer = limitsFor('203.0.113.25');
    for (let i = 0; i < 5; i += 1) await buyer.recordDecline(true, null);
    const live = await refusal(buyer.admitSubmit(true));
    expect(live!.message).toMatch(/^Too many declined payments from your connection\. Please wait \d+ minutes and try again\.$/);
    expect(await refusal(buyer.admitSubmit(false))).toBeNull();
  });
});
