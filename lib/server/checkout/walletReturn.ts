import type { Kysely } from 'kysely';
import type { CurrencyCode } from '@/lib/pricing/currencies';
import type { Database } from '@/lib/server/db/schema';
import { HttpError } from '@/lib/server/http/HttpError';
import { matchesHash } from '@/lib/server/ids';
import { serverPaymentMethod } from '@/lib/server/payments/methodRegistry';
import type { PaymentGateway } from '@/lib/server/payments/PaymentGateway';
import { purchaseFor } from './purchase';
import { successPathFor } from '@/lib/journey/successPath';
import { TransactionRepository } from './TransactionRepository';
import { inWordsOf } from '@/lib/server/http/refusal';
import { serverWords } from '@/lib/server/i18n/pageI18n';
import { DEFAULT_LOCALE } from '@/lib/i18n/locales';

export interface WalletReturnDeps {
  db: Kysely<Database>;
  gateways: readonly PaymentGateway[];
  now: () => Date;
}

export interface WalletReturnVisit {
  /** Our transaction, from the return URL (`attempt`). */
  transactionId: string;
  stage: 'review' | 'result';
  /** The wallet's reference from the return URL (amazonCheckoutSessionId). */
  sessionId: string;
  /** The attempt's key from this browser's receipt cookie: only the browser that paid continues. */
  receiptToken: string | null;
  /** The payment step's path and query, where failures return and from which success is derived. */
  paymentStepPath: string;
  origin: string | null;
}

export type WalletReturnOutcome = { kind: 'redirect'; to: string } | { kind: 'refused'; status: number; message: string };

const withFailure = (path: string, code: string) => `${path}${path.includes('?') ? '&' : '?'}payment_failed=${code}`;

/**
 * A visitor back from a wallet that sends them away and back (Amazon Pay): the wallet is
 * told (update, then complete) and the transaction follows its answer, once. Whatever the
 * stage, a transaction already decided sends the visitor where it ended (a return page
 * visited twice charges once).
 */
export async function continueWalletReturn(deps: WalletReturnDeps, visit: WalletReturnVisit): Promise<WalletReturnOutcome> {
  const transactions = new TransactionRepository(deps.db, deps.now);
  const row = await transactions.findById(visit.transactionId);
  if (!row || !visit.receiptToken || !matchesHash(visit.receiptToken, row.receiptTokenHash)) {
    return {
      kind: 'refused',
      status: 403,
      message: 'This payment was started in another browser, or the link back to us is incomplete. Please go back to the payment page.',
    };
  }
  const success = successPathFor(visit.paymentStepPath);
  if (row.status === 'succeeded') return { kind: 'redirect', to: success };
  if (row.status === 'failed') return { kind: 'redirect', to: withFailure(visit.paymentStepPath, row.failureCode ?? 'processing_error') };
  const gateway = deps.gateways.find((candidate) => candidate.name === row.gateway);
  const returnUrl = serverPaymentMethod(row.paymentMethod)?.walletReturnUrl;
  if (!gateway?.resume || !returnUrl) return { kind: 'refused', status: 400, message: 'This page finishes Amazon Pay payments only.' };
  if (!visit.origin)
    return {
      kind: 'refused',
      status: 503,
      message: 'Amazon Pay is not available right now: the site address (PUBLIC_ORIGIN) is not configured.',
    };

  const { order } = row;
  try {
    const answer = await gateway.resume({
      stage: visit.stage,
      sessionId: visit.sessionId,
      amount: row.total,
      currencyCode: row.currencyCode as CurrencyCode,
      livemode: row.livemode,
      idempotencyKey: visit.receiptToken,
      resultReturnUrl: returnUrl(visit.origin, visit.paymentStepPath, row.id, 'result'),
      purchase: purchaseFor(order.offer),
    });
    if ('redirect' in answer) {
      // The wallet names its payment only now: kept, so that its notifications and a later look find it.
      await transactions.attachGatewayPayment(row.id, visit.sessionId);
      return { kind: 'redirect', to: answer.redirect };
    }
    if (answer.status === 'succeeded') {
      await transactions.markSucceeded(row.id, answer.paymentId, answer.instrument, answer.chargeId);
      return { kind: 'redirect', to: success };
    }
    if (answer.status === 'failed') {
      await transactions.markFailed(row.id, answer.paymentId, answer.code);
      return { kind: 'redirect', to: withFailure(visit.paymentStepPath, answer.code) };
    }
    if (answer.paymentId) await transactions.attachGatewayPayment(row.id, answer.paymentId);
    return { kind: 'redirect', to: answer.action.type === 'redirect' ? answer.action.url : visit.paymentStepPath };
  } catch (error) {
    // Shown as the page's words: in the language the order was placed in.
    if (error instanceof HttpError)
      return {
        kind: 'refused',
        status: error.status,
        message: (inWordsOf(serverWords(row.locale ?? DEFAULT_LOCALE), error) as HttpError).message,
      };
    throw error;
  }
}
