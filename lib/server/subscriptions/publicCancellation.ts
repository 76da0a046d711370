import type { Kysely } from 'kysely';
import type { Database } from '@/lib/server/db/schema';
import { HttpError } from '@/lib/server/http/HttpError';
import { randomId } from '@/lib/server/ids';
import { RateLimiter } from '@/lib/server/identity/RateLimiter';
import { KeepLinkRepository } from './KeepLinkRepository';
import type { Subscription } from './Subscription';
import { SubscriptionRepository } from './SubscriptionRepository';
import type { SubscriptionService } from './SubscriptionService';

/** Declarations per client address per window: counted per client only, so that nobody can use up another person's. */
export const CANCELS_PER_CLIENT = 10;
export const CANCEL_WINDOW_MS = 15 * 60_000;

export interface CancellationDeps {
  db: Kysely<Database>;
  service: SubscriptionService;
  now: () => Date;
}

export interface Declaration {
  email: string;
  brandSlug: string;
  livemode: boolean;
  reason: string | null;
  client: { address: string | null; userAgent: string | null };
  /** The limit key of the client (lib/server/http/clientAddress). */
  clientKey: string;
}

/**
 * A cancellation declared on the public cancel page (§ 312k BGB), where nobody signs in:
 * recorded as declared, and every renewing subscription of the brand that the address holds
 * is cancelled at the end of its period, its owner e-mailed a confirmation with a one-click
 * way to keep it. The answer is the same whether or not the address held any.
 */
export async function declareCancellation(deps: CancellationDeps, declaration: Declaration): Promise<{ receivedAt: string }> {
  const at = deps.now();
  if (!(await new RateLimiter(deps.db, deps.now).allow(`cancel:client:${declaration.clientKey}`, CANCELS_PER_CLIENT, CANCEL_WINDOW_MS))) {
    throw new HttpError(
      429,
      'too_many_requests',
      'Too many cancellations were sent from your network. Please wait 15 minutes and try again, or sign in and cancel from your account.',
      undefined,
      { retryAfterSeconds: CANCEL_WINDOW_MS / 1000 },
    );
  }
  const email = declaration.email.trim().toLowerCase();
  const held = await new SubscriptionRepository(deps.db, deps.now).renewingForAddress(email, declaration.brandSlug, declaration.livemode);
  for (const subscription of held) await deps.service.cancelRecord(subscription, { reason: declaration.reason, channel: 'cancel-page' });
  await deps.db
    .insertInto('cancel_declarations')
    .values({
      id: randomId('cxl'),
      email,
      brand_slug: declaration.brandSlug,
      livemode: declaration.livemode ? 1 : 0,
      reason: declaration.reason,
      client_json: JSON.stringify(declaration.client),
      subscriptions_cancelled: held.length,
      declared_at: at.toISOString(),
    })
    .execute();
  return { receivedAt: at.toISOString() };
}

const KEEP_MESSAGES = {
  invalid: 'This link is not valid. Please open the link from your e-mail again, or sign in to your account to resume your subscription.',
  expired: 'This link has expired: the subscription has ended. You can subscribe again from the offer page.',
  used: 'This link was already used: your subscription was kept.',
} as const;

/** The subscription a "Keep my subscription" link names, without using it (the page that asks to confirm). */
export async function keptSubscription(deps: Pick<CancellationDeps, 'db' | 'now'>, token: string): Promise<Subscription> {
  const found = await new KeepLinkRepository(deps.db).find(token, deps.now());
  if (!found.ok) throw new HttpError(found.reason === 'invalid' ? 400 : 410, `keep_link_${found.reason}`, KEEP_MESSAGES[found.reason]);
  const subscription = await new SubscriptionRepository(deps.db, deps.now).findById(found.subscriptionId);
  if (!subscription) throw new HttpError(400, 'keep_link_invalid', KEEP_MESSAGES.invalid);
  return subscription;
}

/**
 * Uses a "Keep my subscription" link: the cancellation is taken back, then the link spent. In
 * that order, because a resume that fails (PayPal out of reach) must leave the link usable,
 * and a resume done twice (a double click) is done once.
 */
export async function keepSubscription(deps: CancellationDeps, token: string): Promise<Subscription> {
  const resumed = await deps.service.resumeRecord(await keptSubscription(deps, token));
  await new KeepLinkRepository(deps.db).use(token, deps.now());
  return resumed;
}
