/**
 * The rate-limit buckets (rows of rate_limits) of the limits an operator may lift, named in
 * one place: the limits count under these names and the back office's limits page reads and
 * lifts the same ones. A test-mode request counts under a `test:` name, so that QA's test
 * traffic never uses up a live buyer's budget, nor the other way round; live names are as
 * they always were, so that no live count was lost when the split came.
 */
export const modeBucket = (bucket: string, livemode: boolean): string => (livemode ? bucket : `test:${bucket}`);

/** The count of one window length of a limit counted in several (CheckoutLimits.take): a day's window starts with a 10-minute one. */
export const windowBucket = (bucket: string, windowMs: number): string => `${bucket}:${windowMs / 1000}s`;

type Mode = 'live' | 'test';
export const modeOf = (livemode: boolean): Mode => (livemode ? 'live' : 'test');

export const limitBuckets = {
  /** Checkout submits of a client; each window length counted under windowBucket. */
  checkoutSubmits: (livemode: boolean, client: string) => `checkout:submits:${modeOf(livemode)}:client:${client}`,
  checkoutCardSubmits: (livemode: boolean, card: string) => `checkout:submits:${modeOf(livemode)}:card:${card}`,
  checkoutDeclines: (livemode: boolean, client: string) => `checkout:declines:${modeOf(livemode)}:client:${client}`,
  checkoutCardDeclines: (livemode: boolean, card: string) => `checkout:declines:${modeOf(livemode)}:card:${card}`,
  checkoutConfirms: (livemode: boolean, client: string) => modeBucket(`checkout:confirms:client:${client}`, livemode),
  checkoutQuotes: (livemode: boolean, client: string) => modeBucket(`checkout:quotes:client:${client}`, livemode),
  /** Promo codes that could not be used: one budget for both modes, since test mode prices the same codes as live. */
  couponFailures: (client: string) => `checkout:coupon-failures:client:${client}`,
  withdrawals: (livemode: boolean, client: string) => modeBucket(`withdraw:client:${client}`, livemode),
  signInLinks: (livemode: boolean, client: string) => modeBucket(`link:ip:${client}`, livemode),
  /** Links to one address (by its hash) at the request of one client. */
  signInLinksToAddress: (livemode: boolean, addressHash: string, client: string) =>
    modeBucket(`link:email-client:${addressHash}:${client}`, livemode),
  /**
   * The ceilings of one address from every client together: one for both modes, since they
   * bound the mail one mailbox receives, and test mode's links reach the same mailbox.
   */
  signInLinkCeiling: (addressHash: string) => `link:email:${addressHash}`,
  signInLinkDayCeiling: (addressHash: string) => `link:email-day:${addressHash}`,
};
