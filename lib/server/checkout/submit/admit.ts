import type { SubmitRequest } from '@/lib/checkout/submitContract';
import { EMAIL_ALREADY_SUBSCRIBED_CODE } from '@/lib/payments/paymentMachine';
import { flowKey, type CatalogueSnapshot } from '@/lib/server/catalogue/CatalogueRepository';
import { SubscriptionRepository } from '@/lib/server/subscriptions/SubscriptionRepository';
import { HttpError } from '@/lib/server/http/HttpError';
import type { PaymentGateway, PaymentInput } from '@/lib/server/payments/PaymentGateway';
import type { CheckoutDeps } from './deps';

/** A buyer who already subscribes to the brand has nothing to buy: refused (409) before any charge. */
export async function refuseSubscriber(deps: CheckoutDeps, snapshot: CatalogueSnapshot, request: SubmitRequest): Promise<void> {
  if (await deps.alreadySubscribed?.(request.brand)) {
    throw new HttpError(
      409,
      'already_subscribed',
      'You already subscribe: there is nothing more to buy. Sign in with your e-mail address to read.',
    );
  }
  await refuseRepeatBuyer(deps, snapshot, request);
}

/**
 * A live purchase for an e-mail address that already has a live subscription to the brand
 * is stopped before any charge, with the offer of a sign-in link (as Ghost does): without
 * it, repeated submits bought the same subscription again and again. A visitor signed in as
 * that very address has been through the verified check above instead.
 */
async function refuseRepeatBuyer(deps: CheckoutDeps, snapshot: CatalogueSnapshot, request: SubmitRequest): Promise<void> {
  const email = request.billing.email.trim().toLowerCase();
  if (!request.livemode || deps.buyerIdentity?.toLowerCase() === email) return;
  if (!(await new SubscriptionRepository(deps.db, deps.now).hasLiveSubscriptionForEmail(email, request.brand))) return;
  const brandName = snapshot.flowsByPath.get(flowKey(request.brand, request.urlSlug))?.brandName ?? 'this';
  throw new HttpError(
    409,
    EMAIL_ALREADY_SUBSCRIBED_CODE,
    `${request.billing.email.trim()} already has a ${brandName} subscription, so nothing was charged. Sign in to read and manage it: we can e-mail you a sign-in link.`,
  );
}

/**
 * Counts the try against its card, whatever the address it is tried from (wallets bring
 * none: they are limited per address), or refuses it with a 429. Returns the card's key,
 * against which a decline is counted too (null: no card known).
 */
export async function admitCard(
  deps: CheckoutDeps,
  gateway: PaymentGateway,
  payment: PaymentInput,
  livemode: boolean,
): Promise<string | null> {
  const cardFingerprint = deps.limits && gateway.cardFingerprint ? await gateway.cardFingerprint(payment, livemode) : null;
  const card = cardFingerprint ? `${gateway.name}:${cardFingerprint}` : null;
  if (card) await deps.limits?.admitCard(card, livemode);
  return card;
}
