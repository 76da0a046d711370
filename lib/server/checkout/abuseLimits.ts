import type { PaymentFailureCode } from '@/lib/payments/paymentErrors';
import { HttpError } from '@/lib/server/http/HttpError';
import type { MessageKey } from '@/lib/i18n/messageKey';
import type { Words } from '@/lib/i18n/words';
import { refusal } from '@/lib/server/http/refusal';
import { liftHintIn } from '@/lib/server/limits/liftHint';

/**
 * The abuse limits of checkout (OWASP ASVS 5.0 V2.4), as data and pure functions: how many
 * submits, confirms and quotes a client address (and a card) may make per window, and how
 * long repeated declines slow a client or a card down. Enforced by CheckoutLimits, counted
 * in the database (rate_limits) so that every app instance shares them.
 *
 * Live mode takes real cards, so its limits are strict: card testing needs many tries, a
 * buyer needs a few. Test mode only ever sees test cards (test keys and the sandbox take no
 * others), so its limits only keep anyone from filling the database, and stay well above
 * what the browser-test suite does from one address (some 150 submits in a few minutes).
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** At most `limit` in each fixed window of `windowMs`. */
export interface WindowLimit {
  limit: number;
  windowMs: number;
}

/**
 * After `threshold` declines within a fixed window of `windowMs`, refused for `baseMs` from
 * the last decline, doubling with each further decline, at most `maxMs`.
 */
export interface DeclineSlowdown {
  threshold: number;
  windowMs: number;
  baseMs: number;
  maxMs: number;
}

export interface ModePolicy {
  submitsPerClient: readonly WindowLimit[];
  /** Per card fingerprint, whatever the address (a card tried from many addresses). */
  submitsPerCard: readonly WindowLimit[];
  declinesPerClient: DeclineSlowdown;
  declinesPerCard: DeclineSlowdown;
}

export interface AbusePolicy {
  live: ModePolicy;
  test: ModePolicy;
  /** Per mode too (a test budget apart from the live one), with the same numbers in both. */
  confirmsPerClient: readonly WindowLimit[];
  quotesPerClient: readonly WindowLimit[];
  /** Promo codes tried that could not be used: guessing codes needs many, a buyer makes a typo or two. */
  couponFailuresPerClient: WindowLimit;
}

/** The numbers the environment may set (lib/server/config/serverEnv.ts); the rest follow from them. */
export interface AbuseLimitSettings {
  /** Live-mode submits per client address per 10 minutes (CHECKOUT_SUBMITS_PER_CLIENT_LIVE). */
  submitsPerClientLive: number;
  /** Test-mode submits per client address, and per test card, per 10 minutes (CHECKOUT_SUBMITS_PER_CLIENT_TEST). */
  submitsPerClientTest: number;
  /** Quotes per client address per 10 minutes (CHECKOUT_QUOTES_PER_CLIENT). */
  quotesPerClient: number;
}

export const DEFAULT_ABUSE_LIMIT_SETTINGS: AbuseLimitSettings = {
  submitsPerClientLive: 10,
  submitsPerClientTest: 300,
  quotesPerClient: 600,
};

export function abusePolicy(settings: AbuseLimitSettings = DEFAULT_ABUSE_LIMIT_SETTINGS): AbusePolicy {
  const test = [
    { limit: settings.submitsPerClientTest, windowMs: 10 * MINUTE },
    { limit: settings.submitsPerClientTest * 10, windowMs: DAY },
  ];
  const testDeclines: DeclineSlowdown = { threshold: 50, windowMs: HOUR, baseMs: MINUTE, maxMs: 15 * MINUTE };
  return {
    live: {
      // A buyer tries a card or two; one address may be many people (an office, a carrier's NAT).
      submitsPerClient: [
        { limit: settings.submitsPerClientLive, windowMs: 10 * MINUTE },
        { limit: settings.submitsPerClientLive * 5, windowMs: DAY },
      ],
      submitsPerCard: [
        { limit: 5, windowMs: HOUR },
        { limit: 10, windowMs: DAY },
      ],
      // An address is looser than a card: declines of strangers behind one NAT add up there.
      // Declines count over this 12-hour window and the one before it (12 to 24 hours).
      declinesPerClient: { threshold: 5, windowMs: 12 * HOUR, baseMs: 10 * MINUTE, maxMs: 6 * HOUR },
      declinesPerCard: { threshold: 3, windowMs: 12 * HOUR, baseMs: 10 * MINUTE, maxMs: 12 * HOUR },
    },
    test: {
      submitsPerClient: test,
      // Every tester pays with the same few test cards: per card as per address.
      submitsPerCard: test,
      declinesPerClient: testDeclines,
      declinesPerCard: testDeclines,
    },
    confirmsPerClient: [{ limit: 30, windowMs: 10 * MINUTE }],
    quotesPerClient: [{ limit: settings.quotesPerClient, windowMs: 10 * MINUTE }],
    couponFailuresPerClient: { limit: 20, windowMs: HOUR },
  };
}

/** How long `declines` declines in the window slow their subject down, from the last one: none below the threshold. */
export function slowdownMs(declines: number, slowdown: DeclineSlowdown): number {
  if (declines < slowdown.threshold) return 0;
  return Math.min(slowdown.maxMs, slowdown.baseMs * 2 ** Math.min(declines - slowdown.threshold, 30));
}

/** How long from `now` the subject is still refused, given its declines and the last one's time. */
export function slowdownRemainingMs(declines: number, lastDeclineAt: Date | null, now: Date, slowdown: DeclineSlowdown): number {
  if (!lastDeclineAt) return 0;
  return Math.max(0, lastDeclineAt.getTime() + slowdownMs(declines, slowdown) - now.getTime());
}

/** The failures that say something about the card or its holder (a tester's signal), not about us or a change of mind. */
const DECLINES: ReadonlySet<PaymentFailureCode> = new Set<PaymentFailureCode>([
  'generic_decline',
  'insufficient_funds',
  'expired_card',
  'incorrect_cvc',
  'invalid_number',
  'authentication_failed',
  'wallet_declined',
]);

export const isDecline = (code: PaymentFailureCode): boolean => DECLINES.has(code);

/** A wait as a person reads it: "a minute", "10 minutes", "2 hours". */
export function waitPhrase(words: Words, seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes < 90
    ? words.t('refusals.wait.minutes', { count: minutes })
    : words.t('refusals.wait.hours', { count: Math.ceil(minutes / 60) });
}

export type LimitReason = 'client-submits' | 'card-submits' | 'client-declines' | 'card-declines' | 'confirms' | 'quotes' | 'coupons';

const MESSAGES: Record<LimitReason, MessageKey> = {
  'client-submits': 'refusals.tooMany.clientSubmits',
  'card-submits': 'refusals.tooMany.cardSubmits',
  'client-declines': 'refusals.tooMany.clientDeclines',
  'card-declines': 'refusals.tooMany.cardDeclines',
  confirms: 'refusals.tooMany.confirms',
  quotes: 'refusals.tooMany.quotes',
  coupons: 'refusals.tooMany.coupons',
};

/**
 * The 429 of a limit: Retry-After in whole seconds, and a message that says how long to wait
 * (in test mode, also who can lift it). Nothing was charged.
 */
export function tooManyRequests(reason: LimitReason, retryAfterSeconds: number, livemode: boolean): HttpError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return refusal(
    429,
    'too_many_requests',
    (words) => liftHintIn(words, words.t(MESSAGES[reason], { wait: waitPhrase(words, seconds) }), livemode),
    {
      retryAfterSeconds: seconds,
    },
  );
}
