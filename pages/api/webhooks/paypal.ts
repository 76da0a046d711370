import { apiRoute } from '@/lib/server/http/apiRoute';
import { HttpError } from '@/lib/server/http/HttpError';
import { readRawBody } from '@/lib/server/http/rawBody';
import { applyProviderEvent } from '@/lib/server/renewals/providerRenewalEvents';
import { handlePayPalWebhook, paypalCertificates } from '@/lib/server/payments/paypal/paypalWebhook';
import { refundNotices } from '@/lib/server/refunds/refundNotices';

/** The signature is over the raw bytes, so Next must not parse the body. */
export const config = { api: { bodyParser: false } };

/**
 * PayPal's webhook notifications: verified, recorded once and applied to the transaction they
 * concern, or, once its purchase is settled, to the subscription it started (its renewals).
 */
export default apiRoute(
  {
    POST: async (req, _res, server) => {
      const env = server.config;
      if (!env.PAYPAL_WEBHOOK_ID_LIVE && !env.PAYPAL_WEBHOOK_ID_TEST)
        throw new HttpError(404, 'webhooks_disabled', 'PayPal webhooks are not configured.');
      const body = await readRawBody(req, 256 * 1024);
      return handlePayPalWebhook(
        {
          webhookIds: { live: env.PAYPAL_WEBHOOK_ID_LIVE, test: env.PAYPAL_WEBHOOK_ID_TEST },
          fetchCertificate: paypalCertificates,
          now: server.checkout.now,
          apply: (event) => applyProviderEvent(server.renewals, event),
          settleRefund: refundNotices(server.refunds),
        },
        req.headers,
        body,
      );
    },
  },
  { body: 'raw' },
);
