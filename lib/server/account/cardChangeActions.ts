import type { NextApiRequest } from 'next';
import { z } from 'zod';
import type { CardChangeResponse } from '@/lib/account/cardChange';
import { parseExpiry } from '@/lib/payments/sandbox/cardFields';
import { sandboxCardSchema } from '@/lib/payments/sandbox/sandboxCardInput';
import type { ServerContext } from '@/lib/server/context/createServerContext';
import { parseRequest } from '@/lib/server/http/apiRoute';
import { HttpError } from '@/lib/server/http/HttpError';
import type { PaymentInput } from '@/lib/server/payments/PaymentGateway';
import { SANDBOX_PAYMENT_ID } from '@/lib/server/payments/sandbox/SandboxGateway';
import { sandboxCardsTaken } from '@/lib/server/payments/sandboxCards';
import type { CardChange } from '@/lib/server/subscriptions/SubscriptionService';
import { chargeAfterCardChange } from '@/lib/server/renewals/chargeAfterCardChange';
import { summariesOf } from './accountService';
import { requireSignedInEmail } from './signedInEmail';
import { subscriptionServiceFor } from './subscriptionServiceFor';

const idSchema = z.strictObject({ id: z.string().regex(/^sub_[a-z2-7]{16}$/, 'must be a subscription id') });

const stripePaymentMethod = z.strictObject({
  kind: z.literal('stripe-payment-method'),
  paymentMethodId: z.string().regex(/^pm_[A-Za-z0-9_]{1,200}$/, 'must be a Stripe payment method id'),
});

/** A card change's body; the sandbox card's fields are taken only where the sandbox takes cards in the subscription's mode. */
export const cardChangeBodySchema = (sandboxCards: boolean) =>
  z.strictObject({
    idempotencyKey: z.uuid('must be a UUID').transform((key) => key.toLowerCase()),
    card: z.discriminatedUnion('kind', [sandboxCardSchema(sandboxCards), stripePaymentMethod]),
  });
type CardChangeBody = z.output<ReturnType<typeof cardChangeBodySchema>>;

/** A card setup: Stripe's SetupIntent, or the sandbox payment that stands for a card kept after its bank's page. */
export const setupIdSchema = z
  .string()
  .max(220)
  .refine((id) => /^seti_[A-Za-z0-9_]{1,200}$/.test(id) || SANDBOX_PAYMENT_ID.test(id), 'must be a card setup id');

export const cardConfirmBodySchema = z.strictObject({ setupId: setupIdSchema });

/** The card as the gateways take it; an expired sandbox card is refused here, as the checkout refuses it. */
function paymentOf(card: CardChangeBody['card'], now: Date): PaymentInput {
  if (card.kind === 'stripe-payment-method') return card;
  const expiry = parseExpiry(card.expiry)!;
  if (new Date(Date.UTC(expiry.year, expiry.month, 1)) <= now) throw new HttpError(400, 'card_expired', 'This card has expired.');
  return { kind: 'sandbox-card', number: card.number, expMonth: expiry.month, expYear: expiry.year, cvc: card.cvc };
}

/**
 * The signed-in subscriber changes the card of their own card subscription (`change`), or
 * confirms it after their bank's check (`confirm`: Stripe's in the page, or back from the
 * sandbox bank's page). Another person's id is a 404.
 */
export async function changeCard(req: NextApiRequest, server: ServerContext, step: 'change' | 'confirm'): Promise<CardChangeResponse> {
  const { id } = parseRequest(idSchema, req.query, 'query');
  const email = await requireSignedInEmail(server, req);
  const service = await subscriptionServiceFor(server, req);
  let changed: CardChange;
  try {
    if (step === 'change') {
      // The subscription's mode decides whether card fields are parsed at all: read it first.
      const { livemode } = await service.owned(email, id);
      const body = parseRequest(cardChangeBodySchema(sandboxCardsTaken(server.config, livemode)), req.body, 'body');
      changed = await service.changeCard(email, id, { payment: paymentOf(body.card, server.clock()), idempotencyKey: body.idempotencyKey });
    } else {
      const { setupId } = parseRequest(cardConfirmBodySchema, req.body, 'body');
      changed = await service.confirmCard(email, id, setupId);
    }
  } catch (error) {
    // The card's bank said no (the service's 402): answered as the checkout answers a decline.
    if (error instanceof HttpError && error.status === 402) return { status: 'failed', code: error.code, message: error.message };
    throw error;
  }
  if (changed.status === 'requires_action') return changed;
  const charged = await chargeAfterCardChange(server.renewals, changed.subscription);
  server.mail.kick();
  const [subscription] = await summariesOf(server, [charged.subscription]);
  return { status: 'saved', subscription: subscription!, renewalPending: charged.renewalPending };
}
