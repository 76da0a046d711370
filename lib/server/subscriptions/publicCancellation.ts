import type { Kysely } from 'kysely';
import type { Database } from '@/lib/server/db/schema';
import { HttpError } from '@/lib/server/http/HttpError';
import { RateLimiter } from '@/lib/server/identity/RateLimiter';
import { securityAlert } from '@/lib/server/security/securityAlert';
import { CancelDeclarationRepository } from './CancelDeclarationRepository';
import { KeepLinkRepository } from './KeepLinkRepository';
import type { Subscription } from './Subscription';
import { SubscriptionRepository } from './SubscriptionRepository';
import type { SubscriptionService } from './SubscriptionService';

/**
 * Ceilings that alert the operators, never refuse: a § 312k cancellation always goes through.
 * Past them someone may be cancelling other people's subscriptions from a list of addresses;
 * each owner is e-mailed a one-click way to keep theirs, and the operators are told to look.
 */
export const CANCEL_ALERT_WINDOW_MS = 60 * 60_000;
/** Declarations per network (IPv6 /48, IPv4 /24: clientNetwork) per hour before the operators are alerted. */
export const CANCELS_PER_NETWORK_ALERT = 20;
/** Declarations from everyone per hour before the operators are alerted: a flood spread over many networks. */
export const CANCELS_OVERALL_ALERT = 300;

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
  /** The client's network (lib/server/http/clientAddress clientNetwork). */
  network: string;
  /** The site the request reached, for the e-mails' links; null: PUBLIC_ORIGIN. */
  origin: string | null;
}

/**
 * A cancellation declared on the public cancel page (§ 312k BGB), where nobody signs in:
 * only recorded here, the same two counters and one insert whatever the address, and no
 * lookup of it, so that neither the answer nor its time tells whether the address
 * subscribes, or pays by PayPal. The background pass (cancelDeclarationsPass.ts) then
 * cancels what the address holds, e-mails each owner a one-click way to keep it, and tells
 * the provider. Never refused for its number: past the ceilings, the operators are alerted.
 */
export async function declareCancellation(
  deps: Pick<CancellationDeps, 'db' | 'now'>,
  declaration: Declaration,
): Promise<{ receivedAt: string }> {
  const at = deps.now();
  await alertPastCeilings(deps, declaration.network);
  await new CancelDeclarationRepository(deps.db).record({
    email: declaration.email.trim().toLowerCase(),
    brandSlug: declaration.brandSlug,
    livemode: declaration.livemode,
    reason: declaration.reason,
    client: declaration.client,
    declaredAt: at.toISOString(),
    origin: declaration.origin,
  });
  return { receivedAt: at.toISOString() };
}

/** Counts the declaration per network and overall; the first one past a ceiling in a window alerts the operators. */
async function alertPastCeilings(deps: Pick<CancellationDeps, 'db' | 'now'>, network: string): Promise<void> {
  const limiter = new RateLimiter(deps.db, deps.now);
  const fromNetwork = await limiter.count(`cancel:network:${network}`, CANCEL_ALERT_WINDOW_MS);
  const overall = await limiter.count('cancel:all', CANCEL_ALERT_WINDOW_MS);
  if (fromNetwork === CANCELS_PER_NETWORK_ALERT + 1) {
    securityAlert(
      'cancel-page-network',
      network,
      `more than ${CANCELS_PER_NETWORK_ALERT} cancellations per hour were declared on the public cancel page from ${network}: someone may be cancelling subscriptions from a list of addresses (each owner is e-mailed a link to keep theirs; nothing is refused)`,
    );
  }
  if (overall === CANCELS_OVERALL_ALERT + 1) {
    securityAlert(
      'cancel-page-overall',
      'all',
      `more than ${CANCELS_OVERALL_ALERT} cancellations per hour were declared on the public cancel page: look at cancel_declarations for a flood from many networks (each owner is e-mailed a link to keep theirs; nothing is refused)`,
    );
  }
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
