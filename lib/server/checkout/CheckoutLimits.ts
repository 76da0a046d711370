import type { RateLimiter } from '@/lib/server/identity/RateLimiter';
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

  /** A new checkout submit: refused while the client's declines slow it down, then counted against its budgets. */
  async admitSubmit(livemode: boolean): Promise<void> {
    const mode = livemode ? 'live' : 'test';
    const policy = this.policy[mode];
    await this.assertNotSlowedDown(`checkout:declines:${mode}:client:${this.client}`, policy.declinesPerClient, 'client-declines');
    await this.take(`checkout:submits:${mode}:client:${this.client}`, policy.submitsPerClient, 'client-submits');
  }

  /** The submit's card, by its gateway's fingerprint (`gateway:fingerprint`), whatever the address: as admitSubmit. */
  async admitCard(card: string, livemode: boolean): Promise<void> {
    const mode = livemode ? 'live' : 'test';
    const policy = this.policy[mode];
    await this.assertNotSlowedDown(`checkout:declines:${mode}:card:${card}`, policy.declinesPerCard, 'card-declines');
    await this.take(`checkout:submits:${mode}:card:${card}`, policy.submitsPerCard, 'card-submits');
  }

  /** A declined payment, against the client and, when known, the card. */
  async recordDecline(livemode: boolean, card: string | null): Promise<void> {
    const mode = livemode ? 'live' : 'test';
    const policy = this.policy[mode];
    await this.limiter.record(`checkout:declines:${mode}:client:${this.client}`, policy.declinesPerClient.windowMs);
    if (card) await this.limiter.record(`checkout:declines:${mode}:card:${card}`, policy.declinesPerCard.windowMs);
  }

  async admitConfirm(): Promise<void> {
    await this.take(`checkout:confirms:client:${this.client}`, this.policy.confirmsPerClient, 'confirms');
  }

  async admitQuote(): Promise<void> {
    await this.take(`checkout:quotes:client:${this.client}`, this.policy.quotesPerClient, 'quotes');
  }

  /**
   * A quote that carries a promo code: refused (429) while the client's codes that could not
   * be used fill its window, so that codes cannot be guessed by the thousand. The window is
   * fixed: the count and the wait both end with it.
   */
  async admitCouponLookup(): Promise<void> {
    const { limit, windowMs } = this.policy.couponFailuresPerClient;
    const window = await this.limiter.peek(this.couponBucket(), windowMs);
    if (window.count >= limit) throw tooManyRequests('coupons', window.retryAfterSeconds);
  }

  /** A promo code that could not be used (unknown, not valid here, expired, used up), against the client. */
  async recordCouponFailure(): Promise<void> {
    await this.limiter.record(this.couponBucket(), this.policy.couponFailuresPerClient.windowMs);
  }

  private couponBucket(): string {
    return `checkout:coupon-failures:client:${this.client}`;
  }

  /** Counts one use in each window (named by its length: a day's window starts with a 10-minute one). */
  private async take(bucket: string, limits: readonly WindowLimit[], reason: LimitReason): Promise<void> {
    for (const { limit, windowMs } of limits) {
      const taken = await this.limiter.allowAmount(`${bucket}:${windowMs / 1000}s`, 1, limit, windowMs);
      if (!taken.allowed) throw tooManyRequests(reason, taken.retryAfterSeconds);
    }
  }

  /**
   * Declines of this window and the one before count together, so that the end of a fixed
   * window does not wipe out a slow-down (nor the count it grows from).
   */
  private async assertNotSlowedDown(bucket: string, slowdown: DeclineSlowdown, reason: LimitReason): Promise<void> {
    const [current, previous] = await Promise.all([
      this.limiter.peek(bucket, slowdown.windowMs),
      this.limiter.peek(bucket, slowdown.windowMs, 1),
    ]);
    const remainingMs = slowdownRemainingMs(current.count + previous.count, current.lastAt ?? previous.lastAt, this.now(), slowdown);
    if (remainingMs > 0) throw tooManyRequests(reason, remainingMs / 1000);
  }
}
