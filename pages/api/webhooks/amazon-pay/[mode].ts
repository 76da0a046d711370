import { z } from 'zod';
import { apiRoute, parseRequest } from '@/lib/server/http/apiRoute';
import { HttpError } from '@/lib/server/http/HttpError';
import { readRawBody } from '@/lib/server/http/rawBody';
import { applyGatewayEvent } from '@/lib/server/checkout/reconcile';
import type { AmazonPayGateway } from '@/lib/server/payments/amazonpay/AmazonPayGateway';
import { handleAmazonPayIpn } from '@/lib/server/payments/amazonpay/amazonPayIpn';
import { createSnsVerifier } from '@/lib/server/payments/amazonpay/snsMessage';
import { amazonPayModes, amazonPayTopicArns } from '@/lib/server/payments/amazonpay/amazonPayConfig';
import { refundNotices } from '@/lib/server/refunds/refundNotices';

/** The signature is over the raw bytes (SNS posts text/plain), so Next must not parse the body. */
export const config = { api: { bodyParser: false } };

/** Made once, so that SNS certificates stay cached between notifications. */
const verify = createSnsVerifier();
const querySchema = z.object({ mode: z.enum(['live', 'test'], 'must be live or test') });
/** A mode without a pinned topic is said once per process, not at every refused delivery. */
const warned = new Set<string>();
const warnOnce = (mode: string) => (line: string) => {
  if (warned.has(mode)) return;
  warned.add(mode);
  console.warn(line);
};

/**
 * Amazon Pay's instant payment notifications (signed SNS messages), one endpoint per mode
 * (a notification does not say which it is from): from the mode's pinned SNS topic only,
 * verified, looked up at Amazon, recorded once and applied. A subscription confirmation is
 * confirmed once its topic is pinned and its signature holds.
 */
export default apiRoute(
  {
    POST: async (req, _res, server) => {
      const { mode } = parseRequest(querySchema, req.query, 'query');
      const keys = amazonPayModes(server.config)[mode];
      if (!keys) throw new HttpError(404, 'webhooks_disabled', `Amazon Pay is not configured in ${mode} mode.`);
      const body = await readRawBody(req, 256 * 1024);
      const { db, now, gateways } = server.checkout;
      // By name, not instanceof: the gateways are the server context's, made by another bundled copy of the class.
      const gateway = gateways.find((candidate): candidate is AmazonPayGateway => candidate.name === 'amazon-pay');
      if (!gateway) throw new HttpError(404, 'webhooks_disabled', 'Amazon Pay is not in use.');
      const result = await handleAmazonPayIpn(
        {
          mode,
          verify,
          topicArns: amazonPayTopicArns(server.config)[mode],
          warn: warnOnce(mode),
          lookup: gateway.client(mode === 'live'),
          apply: (event) => applyGatewayEvent(db, event, now),
          settleRefund: refundNotices(server.refunds),
          merchantId: keys.merchantId,
        },
        body,
      );
      if (result.subscribeUrl) {
        const confirmed = await fetch(result.subscribeUrl, { signal: AbortSignal.timeout(10_000), redirect: 'error' }).catch(() => null);
        if (!confirmed?.ok)
          throw new HttpError(503, 'subscription_unconfirmed', 'The SNS subscription could not be confirmed; send it again.');
      }
      return { received: true, outcome: result.outcome };
    },
  },
  { body: 'raw' },
);
