import { apiRoute } from '@/lib/server/http/apiRoute';
import { HttpError } from '@/lib/server/http/HttpError';
import { readRawBody } from '@/lib/server/http/rawBody';
import { applyGatewayEvent } from '@/lib/server/checkout/reconcile';
import { handlePayPalWebhook, paypalCertificates } from '@/lib/server/payments/paypal/paypalWebhook';

/** The signature is over the raw bytes, so Next must not parse the body. */
export const config = { api: { bodyParser: false } };

/** PayPal's webhook notifications: verified, recorded once and applied to the transaction they concern. */
export default apiRoute(
  {
    POST: async (req, _res, server) => {
      const env = server.config;
      if (!env.PAYPAL_WEBHOOK_ID_LIVE && !env.PAYPAL_WEBHOOK_ID_TEST)
        throw new HttpError(404, 'webhooks_disabled', 'PayPal webhooks are not configured.');
      const body = await readRawBody(req, 256 * 1024);
      const { db, now } = server.checkout;
      return handlePayPalWebhook(
        {
          webhookIds: { live: env.PAYPAL_WEBHOOK_ID_LIVE, test: env.PAYPAL_WEBHOOK_ID_TEST },
          fetchCertificate: paypalCertificates,
          now,
          apply: (event) => applyGatewayEvent(db, event, now),
        },
        req.headers,
        body,
      );
    },
  },
  { body: 'raw' },
);
