import type { AbusePolicy, DeclineSlowdown } from '@/lib/server/checkout/abuseLimits';
import type { LimitSubjectView, LimitView } from '@/lib/operators/limitViews';
import { sha256 } from '@/lib/server/ids';
import {
  RATE_WINDOW_MS,
  LINKS_PER_EMAIL_AND_CLIENT,
  LINKS_PER_EMAIL_CEILING,
  LINKS_PER_EMAIL_PER_DAY_CEILING,
} from '@/lib/server/identity/IdentityService';
import { WITHDRAWAL_WINDOW_MS, WITHDRAWALS_PER_CLIENT } from '@/lib/server/withdrawal/WithdrawalService';
import { limitBuckets, windowBucket } from './limitBuckets';

/** One bucket by its name, or every bucket a LIKE pattern matches (links to any address from one client). */
export type BucketMatch = { exact: string } | { like: string };

/** A limit an operator may lift, for one subject: how to find its counts and what they mean. */
export interface LiftableLimit {
  id: string;
  name: string;
  mode: LimitView['mode'];
  match: BucketMatch;
  limit: number;
  windowMs: number;
  /** A decline slow-down (CheckoutLimits): counted over this window and the one before; `limit` is its threshold. */
  slowdown?: DeclineSlowdown;
}

export interface LimitNumbers {
  policy: AbusePolicy;
  /** SIGN_IN_LINKS_PER_IP. */
  linksPerIp: number;
}

const MODES = [
  { livemode: true, mode: 'live' },
  { livemode: false, mode: 'test' },
] as const;

/** The limits that count a client (by its limit key), in both modes. */
function clientLimits(client: string, { policy, linksPerIp }: LimitNumbers): LiftableLimit[] {
  const limits: LiftableLimit[] = [];
  for (const { livemode, mode } of MODES) {
    const rules = policy[mode];
    const [short, long] = rules.submitsPerClient;
    const submits = limitBuckets.checkoutSubmits(livemode, client);
    const confirms = policy.confirmsPerClient[0]!;
    const quotes = policy.quotesPerClient[0]!;
    limits.push(
      {
        id: `payment-attempts:${mode}`,
        name: 'Payment attempts from this connection, per 10 minutes',
        mode,
        match: { exact: windowBucket(submits, short!.windowMs) },
        limit: short!.limit,
        windowMs: short!.windowMs,
      },
      {
        id: `payment-attempts-day:${mode}`,
        name: 'Payment attempts from this connection, per day',
        mode,
        match: { exact: windowBucket(submits, long!.windowMs) },
        limit: long!.limit,
        windowMs: long!.windowMs,
      },
      {
        id: `declines:${mode}`,
        name: 'Declined payments from this connection (a slow-down)',
        mode,
        match: { exact: limitBuckets.checkoutDeclines(livemode, client) },
        limit: rules.declinesPerClient.threshold,
        windowMs: rules.declinesPerClient.windowMs,
        slowdown: rules.declinesPerClient,
      },
      {
        id: `payment-checks:${mode}`,
        name: 'Payment checks from this connection',
        mode,
        match: { exact: windowBucket(limitBuckets.checkoutConfirms(livemode, client), confirms.windowMs) },
        limit: confirms.limit,
        windowMs: confirms.windowMs,
      },
      {
        id: `price-requests:${mode}`,
        name: 'Price requests from this connection',
        mode,
        match: { exact: windowBucket(limitBuckets.checkoutQuotes(livemode, client), quotes.windowMs) },
        limit: quotes.limit,
        windowMs: quotes.windowMs,
      },
      {
        id: `withdrawals:${mode}`,
        name: 'Withdrawals sent from this connection (the public withdrawal page)',
        mode,
        match: { exact: limitBuckets.withdrawals(livemode, client) },
        limit: WITHDRAWALS_PER_CLIENT,
        windowMs: WITHDRAWAL_WINDOW_MS,
      },
      {
        id: `sign-in-links:${mode}`,
        name: 'Sign-in links asked for from this connection',
        mode,
        match: { exact: limitBuckets.signInLinks(livemode, client) },
        limit: linksPerIp,
        windowMs: RATE_WINDOW_MS,
      },
      {
        id: `sign-in-links-to-one-address:${mode}`,
        name: 'Sign-in links to one e-mail address from this connection',
        mode,
        match: { like: limitBuckets.signInLinksToAddress(livemode, '%', client) },
        limit: LINKS_PER_EMAIL_AND_CLIENT,
        windowMs: RATE_WINDOW_MS,
      },
    );
  }
  const coupons = policy.couponFailuresPerClient;
  limits.push({
    id: 'promo-codes:both',
    name: 'Promo codes that could not be used, from this connection',
    mode: 'both',
    match: { exact: limitBuckets.couponFailures(client) },
    limit: coupons.limit,
    windowMs: coupons.windowMs,
  });
  return limits;
}

/** The limits that count an e-mail address: its sign-in links, by its hash as IdentityService counts them. */
function emailLimits(address: string): LiftableLimit[] {
  const hash = sha256(address);
  const limits: LiftableLimit[] = MODES.map(({ livemode, mode }) => ({
    id: `sign-in-links-from-one-connection:${mode}`,
    name: 'Sign-in links to this address from one connection',
    mode,
    match: { like: limitBuckets.signInLinksToAddress(livemode, hash, '%') },
    limit: LINKS_PER_EMAIL_AND_CLIENT,
    windowMs: RATE_WINDOW_MS,
  }));
  limits.push(
    {
      id: 'sign-in-links-to-address:both',
      name: 'Sign-in links to this address from browsers that never signed in as it, per 15 minutes',
      mode: 'both',
      match: { exact: limitBuckets.signInLinkCeiling(hash) },
      limit: LINKS_PER_EMAIL_CEILING,
      windowMs: RATE_WINDOW_MS,
    },
    {
      id: 'sign-in-links-to-address-day:both',
      name: 'Sign-in links to this address from browsers that never signed in as it, per day',
      mode: 'both',
      match: { exact: limitBuckets.signInLinkDayCeiling(hash) },
      limit: LINKS_PER_EMAIL_PER_DAY_CEILING,
      windowMs: 24 * 3600_000,
    },
  );
  return limits;
}

/**
 * Every limit an operator may lift for a subject. Limits per card, the tracking collectors'
 * and the back office's own sign-in limits are not here: a card is no client nor address,
 * and the back office's guard against guessed codes is not for lifting.
 */
export function liftableLimits(subject: LimitSubjectView, numbers: LimitNumbers): LiftableLimit[] {
  return subject.kind === 'client' ? clientLimits(subject.key, numbers) : emailLimits(subject.key);
}
