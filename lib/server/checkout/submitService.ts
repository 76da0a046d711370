import type { SubmitRequest, SubmitResponse } from '@/lib/checkout/submitContract';
import type { CatalogueSnapshot } from '@/lib/server/catalogue/CatalogueRepository';
import { DEFAULT_LOCALE } from '@/lib/i18n/locales';
import { serverWords } from '@/lib/server/i18n/pageI18n';
import { answeredIn, refusal } from '@/lib/server/http/refusal';
import { matchesHash } from '@/lib/server/ids';
import { isDecline } from './abuseLimits';
import { admitCard, refuseSubscriber } from './submit/admit';
import { startAttempt, transactionIdFor } from './submit/attempt';
import { chargeOnce } from './submit/charge';
import { claimAttempt, inProgress } from './submit/claim';
import type { CheckoutDeps, SubmitOutcome } from './submit/deps';
import { priceOrder } from './submit/price';
import { responseFor, settledResponse } from './submit/responses';
import { gatewayFor, validateOrder } from './submit/validate';
import { TransactionRepository } from './TransactionRepository';

export type { CheckoutDeps, SubmitOutcome } from './submit/deps';
export { transactionIdFor } from './submit/attempt';
export { settledResponse } from './submit/responses';

/**
 * Takes a checkout submit: prices the order again from the catalogue, checks consent and
 * address rules, then charges through the gateway once per attempt (idempotency key),
 * however many times and however concurrently the attempt is submitted, and records the
 * transaction and its outcome. Each step is a function of ./submit/, in the order below.
 */
export async function submitCheckout(deps: CheckoutDeps, snapshot: CatalogueSnapshot, request: SubmitRequest): Promise<SubmitOutcome> {
  const attempt = startAttempt(deps, request);
  const { receipt } = attempt;
  // An attempt that was answered keeps its answer, even if the catalogue or the clock
  // would now refuse it (an expired promo code, the end of the card's month).
  const answered = await attempt.idempotency.answered(attempt.key, attempt.fingerprint);
  if (answered) return { response: answered, receipt };
  // Anything else is a try that may reach a gateway: counted, or refused with a 429 before
  // anything is written or charged.
  await deps.limits?.admitSubmit(request.livemode);
  await refuseSubscriber(deps, request);

  const gateway = gatewayFor(deps.gateways, attempt.payment);
  const priced = priceOrder(snapshot, request, attempt.now);
  const order = validateOrder(request, priced, gateway, attempt.payment, attempt.now);
  const card = await admitCard(deps, gateway, attempt.payment, request.livemode);

  const claimed = await claimAttempt(deps, attempt);
  if (claimed) return { response: claimed, receipt };
  const { response, charged } = await chargeOnce(deps, request, attempt, order);
  // Counted once the answer is kept: a failure to count cannot lose it (a retry gets it back).
  if (charged && response.status === 'failed' && isDecline(response.code)) await deps.limits?.recordDecline(request.livemode, card);
  return { response, receipt };
}

/**
 * Asks the gateway where an attempt's payment stands after the visitor authenticated with
 * their bank in the page (Stripe.js), and records it. Only the browser that holds the
 * attempt's key can ask.
 */
export async function confirmCheckout(
  deps: CheckoutDeps,
  idempotencyKey: string,
  returnPath: string,
  localeOf: (campaignId: string) => Promise<string> = async () => DEFAULT_LOCALE,
): Promise<SubmitResponse> {
  const transactionId = transactionIdFor(idempotencyKey);
  const transactions = new TransactionRepository(deps.db, deps.now);
  const found = await transactions.findById(transactionId);
  // Counted in the payment's mode, read first (one read by key); a key that names none counts as live.
  const livemode = found?.livemode ?? true;
  const row = found && matchesHash(idempotencyKey, found.receiptTokenHash) ? found : null;
  // Said in the words of the campaign the order was placed on; in English without one.
  const wordsOf = async (campaignId: string) => serverWords(await localeOf(campaignId));
  return answeredIn(
    // The language the order was placed in (a language the campaign offers, say), else its campaign's.
    async () => (row?.locale ? serverWords(row.locale) : row ? wordsOf(row.campaignId) : serverWords(DEFAULT_LOCALE)),
    async () => {
      await deps.limits?.admitConfirm(livemode);
      if (!row) throw refusal(404, 'attempt_not_found', (words) => words.t('refusals.attemptNotFound'));
      const gateway = deps.gateways.find((candidate) => candidate.name === row.gateway);
      if (row.status === 'requires_action' && row.gatewayPaymentId && gateway) {
        const result = await gateway.retrieve(row.gatewayPaymentId, row.livemode);
        if (result.status === 'succeeded')
          await transactions.markSucceeded(transactionId, result.paymentId, result.instrument, result.chargeId, result.card);
        else if (result.status === 'failed') await transactions.markFailed(transactionId, result.paymentId, result.code);
        // The card is not known here (only the attempt's key is sent): the decline counts against the address.
        if (result.status === 'failed' && isDecline(result.code)) await deps.limits?.recordDecline(row.livemode, null);
        return responseFor(result, transactionId, returnPath, await wordsOf(row.campaignId));
      }
      const settled = settledResponse(row, returnPath, await wordsOf(row.campaignId));
      if (!settled) throw inProgress();
      return settled;
    },
  );
}
