import type { RateLimiter } from '@/lib/server/identity/RateLimiter';
import { limitBuckets, modeOf, windowBucket } from '@/lib/server/limits/limitBuckets';
import {
  slowdownRemainingMs,
  tooManyRequests,
  type AbusePolicy,
  type DeclineSlowdown,
  type LimitReason,
  type WindowLimit,
} from './abuseLimits';

/**
 * The abuse limits of one client's checkout requests (the policy in abuseLimits.ts),
 * counted in the database so that every app instance shares them. Each method either lets
 * the request on or throws the 429 (HttpError with Retry-After) that refuses it; a request
 * refused by a decline slow-down is not counted, one over a budget is.
 */
export class CheckoutLimits {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly policy: AbusePolicy,
    /** The client's limit key: requestClientKey (its address through trusted proxies, IPv6 by /64). */
    readonly client: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** A new checkout submit: refused while the client's declines slow it down, then counted against its budgets (each mode its own). */
  async admitSubmit(livemode: boolean): Promise<void> {
    const policy = this.policy[modeOf(livemode)];
    await this.assertNotSlowedDown(
      limitBuckets.checkoutDeclines(livemode, this.client),
      policy.declinesPerClient,
      'client-declines',
      livemode,
    );
    await this.take(limitBuckets.checkoutSubmits(livemode, this.client), policy.submitsPerClient, 'client-submits', livemode);
  }

  /** The submit's card, by its gateway's fingerprint (`gateway:fingerprint`), whatever the address: as admitSubmit. */
  async admitCard(card: string, livemode: boolean): Promise<void> {
    const policy = this.policy[modeOf(livemode)];
    await this.assertNotSlowedDown(limitBuckets.checkoutCardDeclines(livemode, card), policy.declinesPerCard, 'card-declines', livemode);
    await this.take(limitBuckets.checkoutCardSubmits(livemode, card), policy.submitsPerCard, 'card-submits', livemode);
  }

  /** A declined payment, against the client and, when known, the card. */
  async recordDecline(livemode: boolean, card: string | null): Promise<void> {
    const policy = this.policy[modeOf(livemode)];
    await this.limiter.record(limitBuckets.checkoutDeclines(livemode, this.client), policy.declinesPerClient.windowMs);
    if (card) await this.limiter.record(limitBuckets.checkoutCardDeclines(livemode, card), policy.declinesPerCard.windowMs);
  }

  /** A payment check, in the mode of the payment checked (live when there is none). */
  async admitConfirm(livemode: boolean): Promise<void> {
    await this.take(limitBuckets.checkoutConfirms(livemode, this.client), this.policy.confirmsPerClient, 'confirms', livemode);
  }

  /** A price request, in the journey's mode (live unless it says test). */
  async admitQuote(livemode: boolean): Promise<void> {
    await this.take(limitBuckets.checkoutQuotes(livemode, this.client), this.policy.quotesPerClient, 'quotes', livemode);
  }

  /**
   * A quote that carries a promo code: refused (429) while the client's codes that could not
   * be used fill its window, so that codes cannot be guessed by the thousand. The window is
   * fixed: the count and the wait both end with it. One budget for both modes (test mode
   * prices the same codes); the mode only words the refusal.
   */
  async admitCouponLookup(livemode: boolean): Promise<void> {
    const { limit, windowMs } = this.policy.couponFailuresPerClient;
    const window = await this.limiter.peek(limitBuckets.couponFailures(this.client), windowMs);
    if (window.count >= limit) throw tooManyRequests('coupons', window.retryAfterSeconds, livemode);
  }

  /** A promo code that could not be used (unknown, not valid here, expired, used up), against the client. */
  async recordCouponFailure(): Promise<void> {
    await this.limiter.record(limitBuckets.couponFailures(this.client), this.policy.couponFailuresPerClient.windowMs);
  }

  /** Counts one use in each window (named by its length: a day's window starts with a 10-minute one). */
  private async take(bucket: string, limits: readonly WindowLimit[], reason: LimitReason, livemode: boolean): Promise<void> {
    for (const { limit, windowMs } of limits) {
      const taken = await this.limiter.allowAmount(windowBucket(bucket, windowMs), 1, limit, windowMs);
      if (!taken.allowed) throw tooManyRequests(reason, taken.retryAfterSeconds, livemode);
    }
  }

  /**
   * Declines of this window and the one before count together, so that the end of a fixed
   * window does not wipe out a slow-down (nor the count it grows from).
   */
  private async assertNotSlowedDown(bucket: string, slowdown: DeclineSlowdown, reason: LimitReason, livemode: boolean): Promise<void> {
    const [current, previous] = await Promise.all([
      this.limiter.peek(bucket, slowdown.windowMs),
      this.limiter.peek(bucket, slowdown.windowMs, 1),
    ]);
    const remainingMs = slowdownRemainingMs(current.count + previous.count, current.lastAt ?? previous.lastAt, this.now(), slowdown);
    if (remainingMs > 0) throw tooManyRequests(reason, remainingMs / 1000, livemode);
  }
}
