import type { SubmitResponse } from '@/lib/checkout/submitContract';
import { successPathFor } from '@/lib/journey/successPath';
import { failureAtCheckout } from '@/lib/payments/failureWording';
import type { PaymentFailureCode } from '@/lib/payments/paymentErrors';
import type { Words } from '@/lib/i18n/words';
import type { Transaction } from '@/lib/server/checkout/TransactionRepository';
import type { ChargeResult } from '@/lib/server/payments/PaymentGateway';

/** The browser's answer to a gateway's result; a failure said in the campaign's words, its code beside it. */
export function responseFor(result: ChargeResult, transactionId: string, returnPath: string, words: Words): SubmitResponse {
  if (result.status === 'succeeded') return { status: 'succeeded', transactionId, successPath: successPathFor(returnPath) };
  if (result.status === 'requires_action') return { status: 'requires_action', transactionId, action: result.action };
  return { status: 'failed', transactionId, code: result.code, message: words.t(failureAtCheckout(result.code)) };
}

/** The answer of a transaction whose payment has its outcome (succeeded or failed); null while it is open. */
export function settledResponse(
  row: Pick<Transaction, 'id' | 'status' | 'failureCode'>,
  returnPath: string,
  words: Words,
): SubmitResponse | null {
  if (row.status === 'succeeded') return { status: 'succeeded', transactionId: row.id, successPath: successPathFor(returnPath) };
  if (row.status !== 'failed') return null;
  const code = (row.failureCode ?? 'processing_error') as PaymentFailureCode;
  return { status: 'failed', transactionId: row.id, code, message: words.t(failureAtCheckout(code)) };
}
