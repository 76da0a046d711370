import { z } from 'zod';
import { continueWalletReturn } from '@/lib/server/checkout/walletReturn';
import { readReceipt } from '@/lib/server/checkout/receiptCookie';
import { knownOrigin } from '@/lib/server/http/publicOrigin';
import type { StepLoader } from '@/lib/server/ssr/stepLoader';
import { withoutQueryParams } from '@/lib/journey/navigation';
import { AMAZON_PAY_RETURN_PARAMS } from '@/lib/payments/amazonpay/amazonPayReturnParams';
import { secureCookies } from '@/lib/server/http/cookieSecurity';
import { serverWords } from '@/lib/server/i18n/pageI18n';

const returnSchema = z.object({
  attempt: z.string().regex(/^txn_[a-f0-9]{24}$/),
  stage: z.enum(['review', 'result']),
  amazonCheckoutSessionId: z.string().regex(/^[\w-]{1,100}$/),
});

/**
 * Amazon Pay's return page: back from Amazon's review, the checkout session is updated and
 * the visitor sent on to Amazon to pay; back from paying, it is completed and the visitor
 * sent to the success page (or back to the payment step with the reason). It shows a page
 * only when it cannot go on.
 */
export const loadAmazonPayReturn: StepLoader<'amazon-pay-return'> = async (context) => {
  context.res.setHeader('Cache-Control', 'no-store');
  context.res.setHeader('Referrer-Policy', 'no-referrer');
  const params = new URLSearchParams(context.search);
  const parsed = returnSchema.safeParse(Object.fromEntries(AMAZON_PAY_RETURN_PARAMS.map((name) => [name, params.get(name) ?? undefined])));
  if (!parsed.success) {
    context.res.statusCode = 400;
    return { view: { message: serverWords(context.flow.locale).t('methods.amazonPay.incompleteReturn') } };
  }
  const paymentStepPath = `${context.base}/credit-card${withoutQueryParams(context.search, AMAZON_PAY_RETURN_PARAMS)}`;
  const outcome = await continueWalletReturn(context.server.checkout, {
    transactionId: parsed.data.attempt,
    stage: parsed.data.stage,
    sessionId: parsed.data.amazonCheckoutSessionId,
    receiptToken: readReceipt(context.req.headers.cookie, secureCookies(context.env))?.token ?? null,
    paymentStepPath,
    origin: knownOrigin(context.env, context.req),
  });
  if (outcome.kind === 'redirect') return { redirect: outcome.to };
  context.res.statusCode = outcome.status;
  return { view: { message: outcome.message } };
};
