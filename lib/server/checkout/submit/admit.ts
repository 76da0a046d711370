import type { SubmitRequest } from '@/lib/checkout/submitContract';
import { refusal } from '@/lib/server/http/refusal';
import type { PaymentGateway, PaymentInput } from '@/lib/server/payments/PaymentGateway';
import type { CheckoutDeps } from './deps';

/**
 * A signed-in buyer whose verified identity already owns a live subscription to the brand
 * has nothing to buy: refused (409) before any charge. Only the signed-in identity is
 * asked, never the typed billing address: refusing an address would tell anyone who
 * subscribes. A returning buyer who typed a subscribed address is told by e-mail after the
 * payment instead, with a one-click undo (lib/server/duplicates).
 */
export async function refuseSubscriber(deps: CheckoutDeps, request: SubmitRequest): Promise<void> {
  if (await deps.alreadySubscribed?.(request.brand)) {
    throw refusal(409, 'already_subscribed', (words) => words.t('refusals.alreadySubscribed'));
  }
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
