import type { Subscription } from '@/lib/subscriptions/subscription';

/**
 * The subscription as the lifecycle reads and changes it: the record of subscription.ts, with
 * the provider's own types as parameters, so that a caller passing a server record gets its
 * own types back in the changes. A record not written yet has no `updatedAt`.
 */
export type LifecycleSubscription<Gateway extends string = string, Instrument = unknown, Consent = unknown> = Omit<
  Subscription<Gateway, Instrument, Consent>,
  'updatedAt' | 'version'
> & { updatedAt?: string };

/** What a new subscription is made of: its contract, without the stamps and the engine's schedule. */
export type SubscriptionContract<Gateway extends string = string, Instrument = unknown, Consent = unknown> = Omit<
  LifecycleSubscription<Gateway, Instrument, Consent>,
  'createdAt' | 'updatedAt' | 'nextActionAt' | 'providerTries'
>;

/**
 * The fields an event changes, camelCase as in the record; `dunning` is replaced whole.
 * `updatedAt` is there when today's write stamps it, at the instant it does (real time, or
 * the subscription's own clock for the renewal's events); a few writes leave it (a retry
 * now, a price import, a refusal counted, a clock moved). `nextActionAt` is the outcome's
 * `nextRunAt`.
 */
export type SubscriptionChanges<Gateway extends string = string, Instrument = unknown, Consent = unknown> = Partial<
  SubscriptionContract<Gateway, Instrument, Consent>
> & { providerTries?: number; createdAt?: string; updatedAt?: string };
