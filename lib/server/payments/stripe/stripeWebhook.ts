import Stripe from 'stripe';
import { HttpError } from '@/lib/server/http/HttpError';
import type { ApplyGatewayEvent, GatewayEvent, GatewayEventOutcome, PaidCard } from '@/lib/server/payments/PaymentGateway';
import type { SettleRefund } from '@/lib/server/refunds/refundNotices';
import { gatewayEventFrom } from './StripeGateway';

/** The refund a refund event is about (charge.refund.updated is the older name of refund.updated). */
function refundIdFrom(event: Stripe.Event): string | null {
  switch (event.type) {
    case 'refund.created':
    case 'refund.updated':
    case 'refund.failed':
    case 'charge.refund.updated':
      return event.data.object.id;
    default:
      return null;
  }
}

/** Stripe's own default: events signed more than 5 minutes ago are refused (replays). */
export const WEBHOOK_TOLERANCE_S = 300;

export interface WebhookResult {
  received: true;
  eventId: string;
  outcome: GatewayEventOutcome | 'ignored';
}

export interface StripeWebhookDeps {
  /** Each configured endpoint's signing secret (live and test sign with their own). */
  secrets: readonly string[];
  now: () => Date;
  /** Records and applies the event once (the checkout's reconciliation). */
  apply: ApplyGatewayEvent;
  /** A refund of ours moved (lib/server/refunds/refundNotices.ts); refund events are ignored without it. */
  settleRefund?: SettleRefund;
  /** The card a payment method pays with (StripeGateway.paidCard); without it, a paid order's card stays as the submit named it. */
  paidCard?: (paymentMethodId: string, livemode: boolean) => Promise<PaidCard | undefined>;
  /** Whether the order the event names is paid already (its card then named): no need to ask Stripe for the card again. */
  alreadyPaid?: (event: GatewayEvent) => Promise<boolean>;
}

/**
 * A succeeded payment's event with the card it was paid with. An event names the intent's
 * payment method by id only, and may reach us before the submit's own answer is recorded
 * (then it is the event that marks the order paid): so the card is read from Stripe here too.
 */
async function withChargedCard(deps: StripeWebhookDeps, event: Stripe.Event, gatewayEvent: GatewayEvent): Promise<GatewayEvent> {
  if (gatewayEvent.type !== 'payment.succeeded' || gatewayEvent.card || !deps.paidCard) return gatewayEvent;
  if (event.type !== 'payment_intent.succeeded' && event.type !== 'setup_intent.succeeded') return gatewayEvent;
  // Usually the submit's own answer marked the order paid first, with the card: the event then changes nothing.
  if (await deps.alreadyPaid?.(gatewayEvent)) return gatewayEvent;
  const method = event.data.object.payment_method;
  const paymentMethodId = typeof method === 'string' ? method : method?.id;
  const card = paymentMethodId ? await deps.paidCard(paymentMethodId, event.livemode === true) : undefined;
  return card ? { ...gatewayEvent, card } : gatewayEvent;
}

/**
 * Takes a Stripe webhook delivery: the signature is checked against the raw body with
 * each configured secret (live and test endpoints sign with their own), events are applied
 * once by id, and event types that do not move a payment are acknowledged and ignored.
 * A bad signature is a 400 and changes nothing.
 */
export async function handleStripeWebhook(deps: StripeWebhookDeps, signature: string | undefined, rawBody: Buffer): Promise<WebhookResult> {
  const { secrets, now } = deps;
  if (!signature) throw new HttpError(400, 'missing_signature', 'The Stripe-Signature header is missing.');
  let event: Stripe.Event | null = null;
  for (const secret of secrets) {
    try {
      event = Stripe.webhooks.constructEvent(rawBody, signature, secret, WEBHOOK_TOLERANCE_S, undefined, now().getTime());
      break;
    } catch {
      // try the next endpoint's secret
    }
  }
  if (!event) throw new HttpError(400, 'invalid_signature', 'The webhook signature is not valid, or the event is too old.');
  const refundId = refundIdFrom(event);
  if (refundId && deps.settleRefund) return { received: true, eventId: event.id, outcome: await deps.settleRefund(refundId) };
  const gatewayEvent = gatewayEventFrom(event);
  if (!gatewayEvent) return { received: true, eventId: event.id, outcome: 'ignored' };
  return { received: true, eventId: event.id, outcome: await deps.apply(await withChargedCard(deps, event, gatewayEvent)) };
}
