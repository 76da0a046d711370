import { serverWords } from '@/lib/server/i18n/pageI18n';
import { inWordsOf } from '@/lib/server/http/refusal';
import { describe, expect, it } from 'vitest';
import { HttpError } from '@/lib/server/http/HttpError';
import {
  abusePolicy,
  DEFAULT_ABUSE_LIMIT_SETTINGS,
  isDecline,
  slowdownMs,
  slowdownRemainingMs,
  tooManyRequests,
  waitPhrase,
  type DeclineSlowdown,
} from './abuseLimits';

const MINUTE = 60_000;

describe('abusePolicy', () => {
  const policy = abusePolicy();

  it('is strict in live mode: 10 submits per address per 10 minutes, 50 a day; 5 per card an hour, 10 a day', () => {
    expect(policy.live.submitsPerClient).toEqual([
      { limit: 10, windowMs: 10 * MINUTE },
      { limit: 50, windowMs: 24 * 60 * MINUTE },
    ]);
    expect(policy.live.submitsPerCard).toEqual([
      { limit: 5, windowMs: 60 * MINUTE },
      { limit: 10, windowMs: 24 * 60 * MINUTE },
    ]);
    expect(policy.live.declinesPerCard.threshold).toBeLessThanOrEqual(policy.live.declinesPerClient.threshold);
  });

  it('is looser in test mode (test cards only), but bounded', () => {
    for (const key of ['submitsPerClient', 'submitsPerCard'] as const) {
      for (const [index, live] of policy.live[key].entries()) {
        const test = policy.test[key][index] ?? policy.test[key].at(-1)!;
        expect(test.limit / test.windowMs).toBeGreaterThan(live.limit / live.windowMs);
        expect(Number.isFinite(test.limit)).toBe(true);
      }
    }
    expect(policy.test.declinesPerClient.threshold).toBeGreaterThan(policy.live.declinesPerClient.threshold);
    expect(policy.test.submitsPerClient.at(-1)).toEqual({ limit: 3000, windowMs: 24 * 60 * MINUTE });
  });

  it('leaves the browser-test suite room: ~150 test-mode submits and a few dozen declines from 127.0.0.1 in one 10-minute window', () => {
    const [tenMinutes] = policy.test.submitsPerClient;
    expect(tenMinutes).toEqual({ limit: 300, windowMs: 10 * MINUTE });
    expect(policy.test.submitsPerCard[0]!.limit).toBeGreaterThanOrEqual(2 * 150); // everyone pays with 4242
    expect(policy.test.declinesPerClient.threshold).toBeGreaterThanOrEqual(50);
    expect(policy.quotesPerClient[0]).toEqual({ limit: 600, windowMs: 10 * MINUTE });
  });

  it('takes its budgets from the settings (the environment)', () => {
    const custom = abusePolicy({
      ...DEFAULT_ABUSE_LIMIT_SETTINGS,
      submitsPerClientLive: 4,
      submitsPerClientTest: 1000,
      quotesPerClient: 7,
    });
    expect(custom.live.submitsPerClient.map((l) => l.limit)).toEqual([4, 20]);
    expect(custom.test.submitsPerClient.map((l) => l.limit)).toEqual([1000, 10_000]);
    expect(custom.quotesPerClient[0]!.limit).toBe(7);
  });
});

describe('the slow-down after declines', () => {
  const slowdown: DeclineSlowdown = { threshold: 3, windowMs: 60 * MINUTE, baseMs: 10 * MINUTE, maxMs: 60 * MINUTE };

  it('starts at the threshold and doubles with each further decline, up to its cap', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 40].map((declines) => slowdownMs(declines, slowdown) / MINUTE)).toEqual([0, 0, 0, 10, 20, 40, 60, 60]);
  });

  it('runs from the last decline', () => {
    const last = new Date('2026-11-21T12:00:00Z');
    expect(slowdownRemainingMs(4, last, new Date('2026-11-21T12:05:00Z'), slowdown)).toBe(15 * MINUTE);
    expect(slowdownRemainingMs(4, last, new Date('2026-11-21T12:20:00Z'), slowdown)).toBe(0);
    expect(slowdownRemainingMs(2, last, last, slowdown)).toBe(0);
    expect(slowdownRemainingMs(9, null, last, slowdown)).toBe(0);
  });

  it('counts what the card or its holder did, not our failures nor a change of mind', () => {
    expect(
      [
        'generic_decline',
        'insufficient_funds',
        'expired_card',
        'incorrect_cvc',
        'invalid_number',
        'authentication_failed',
        'wallet_declined',
      ].every((code) => isDecline(code as never)),
    ).toBe(true);
    expect(isDecline('processing_error')).toBe(false);
    expect(isDecline('cancelled')).toBe(false);
  });
});

describe('tooManyRequests', () => {
  it('is a 429 with Retry-After in whole seconds and a message that says how long to wait', () => {
    const error = tooManyRequests('client-submits', 599.2, true);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 429, code: 'too_many_requests', retryAfterSeconds: 600 });
    expect(error.message).toBe('Too many payment attempts from your connection. Please wait 10 minutes and try again.');
    expect(tooManyRequests('card-declines', 20, true).message).toBe(
      'This card was declined too many times. Please wait a minute or use a different card.',
    );
  });

  it('in test mode also says who can lift the limit, and where; a live buyer is not sent to the back office', () => {
    expect(tooManyRequests('client-declines', 600, false).message).toBe(
      'Too many declined payments from your connection. Please wait 10 minutes and try again. ' +
        'In test mode, an admin or customer care operator can lift this limit on /admin/limits.',
    );
    expect(tooManyRequests('client-declines', 600, true).message).not.toContain('/admin/limits');
  });

  it.each([
    [1, 'a minute'],
    [60, 'a minute'],
    [61, '2 minutes'],
    [600, '10 minutes'],
    [89 * 60, '89 minutes'],
    [90 * 60, '2 hours'],
    [6 * 3600, '6 hours'],
  ])('%s s → %s', (seconds, phrase) => {
    expect(waitPhrase(serverWords('en-US'), seconds)).toBe(phrase);
  });

  it.each([
    ['de-DE', 60, 'eine Minute'],
    ['de-DE', 600, '10 Minuten'],
    ['fr-FR', 90 * 60, '2 heures'],
  ])('%s: %s s → %s', (locale, seconds, phrase) => {
    expect(waitPhrase(serverWords(locale), seconds)).toBe(phrase);
  });

  it("is said again in the reader's language where the route knows it, with the same code and wait", () => {
    const error = inWordsOf(serverWords('de-DE'), tooManyRequests('card-submits', 600, false)) as HttpError;
    expect(error).toMatchObject({ status: 429, code: 'too_many_requests', retryAfterSeconds: 600 });
    expect(error.message).toBe(
      'Zu viele Zahlungsversuche mit dieser Karte. Bitte warten Sie 10 Minuten oder verwenden Sie eine andere Karte. ' +
        'Im Testmodus kann ein Admin oder der Kundenservice diese Grenze unter /admin/limits aufheben.',
    );
  });
});
