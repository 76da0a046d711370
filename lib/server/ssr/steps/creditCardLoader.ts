import { isPaymentFailureCode, type PaymentFailureCode } from '@/lib/payments/paymentErrors';
import { isoDate } from '@/lib/pricing/renewalDates';
import { enabledPaymentMethods } from '@/lib/server/payments/methodRegistry';
import type { StepLoader } from '@/lib/server/ssr/stepLoader';
import { receiptFor } from '@/lib/server/ssr/receiptProps';
import { visitorLocation } from '@/lib/server/geo/visitorLocation';
import { countryList } from '@/lib/geo/countries';
import { countryLines } from '@/lib/geo/countryLines';
import { languageOf } from '@/lib/i18n/locales';
import { loadOrderStep } from './orderView';

/** The failure a return from the bank's page reports (?payment_failed=code); unknown codes say nothing. */
function returnedFailure(search: string): PaymentFailureCode | null {
  const code = new URLSearchParams(search).get('payment_failed');
  return code && isPaymentFailureCode(code) ? code : null;
}

/**
 * The payment step: the order priced for the buyer's location (or, until the buyer has
 * chosen one, for where the visitor arrived from), the enabled methods and the signed-in
 * e-mail. The page is personal (never shared-cached: pageCaching.ts), so the arrival
 * location may shape its HTML.
 */
export const loadCreditCard: StepLoader<'credit-card'> = async (context) => {
  const signedInEmail = await context.server.sessions.email(context.req.headers.cookie, String(context.mode.livemode));
  const failure = returnedFailure(context.search);
  // Back from the bank or a wallet with a failure, in a new page: continue the visit that sent the order.
  const receipt = failure ? await receiptFor(context.server, context.req, context.flow.campaignId) : null;
  const arrivalLocation = visitorLocation(context.req, context.env, context.server.ipCountry);
  return {
    view: {
      ...(await loadOrderStep(context, true, arrivalLocation)),
      paymentMethods: enabledPaymentMethods(context.env, context.mode.livemode),
      signedInEmail,
      today: isoDate(context.now),
      returnedFailure: failure,
      trackingSessionId: receipt?.kind === 'found' ? receipt.trackingSessionId : null,
      arrivalLocation,
      countries: countryLines(countryList(languageOf(context.locale))),
    },
  };
};
