import { apiRoute } from '@/lib/server/http/apiRoute';
import { HttpError } from '@/lib/server/http/HttpError';
import { readRawBody } from '@/lib/server/http/rawBody';
import { applyGatewayEvent, isPaidAlready } from '@/lib/server/checkout/reconcile';
import { webhookSecrets } from '@/lib/server/payments/stripe/stripeConfig';
import { StripeGateway } from '@/lib/server/payments/stripe/StripeGateway';
import type { GatewayEvent } from '@/lib/server/payments/PaymentGateway';
import { handleStripeWebhook } from '@/lib/server/payments/stripe/stripeWebhook';
import { refundNotices } from '@/lib/server/refunds/refundNotices';

/** The signature is over the raw bytes, so Next must not parse the body. */
export const config = { api: { bodyParser: false } };

/** Stripe's webhook events: verified, recorded once and applied to the transaction they concern. */
export default apiRoute(
  {
    POST: async (req, _res, server) => {
      const secrets = webhookSecrets(server.config);
      if (secrets.length === 0) throw new HttpError(404, 'webhooks_disabled', 'Stripe webhooks are not configured.');
      const body = await readRawBody(req, 256 * 1024);
      const { db, now, gateways } = server.checkout;
      const stripe = gateways.find((gateway) => gateway instanceof StripeGateway);
      const signature = req.headers['stripe-signature'];
      return handleStripeWebhook(
        {
          secrets,
          now,
          apply: (event) => applyGatewayEvent(db, event, now),
          settleRefund: refundNotices(server.refunds),
          ...(stripe
            ? {
                paidCard: (paymentMethodId: string, livemode: boolean) => stripe.paidCard(paymentMethodId, livemode),
                alreadyPaid: (event: GatewayEvent) => isPaidAlready(db, event),
              }
            : {}),
        },
        typeof signature === 'string' ? signature : undefined,
        body,
      );
    },
  },
  { body: 'raw' },
);
