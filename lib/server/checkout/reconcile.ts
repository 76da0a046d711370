import type { Kysely } from 'kysely';
import type { Database } from '@/lib/server/db/schema';
import type { GatewayEvent, GatewayEventOutcome } from '@/lib/server/payments/PaymentGateway';
import { GatewayEventRepository } from './GatewayEventRepository';
import { TransactionRepository } from './TransactionRepository';

export type EventOutcome = GatewayEventOutcome;

/**
 * Brings a transaction up to date with what its gateway reports, once per event: the
 * event is recorded and applied in one database transaction, so a repeated delivery
 * changes nothing. An event for a payment we hold no transaction for is not recorded.
 */
export async function applyGatewayEvent(
  db: Kysely<Database>,
  event: GatewayEvent,
  now: () => Date = () => new Date(),
): Promise<EventOutcome> {
  return db.transaction().execute(async (trx) => {
    const transactions = new TransactionRepository(trx, now);
    let transaction = await transactions.findByGatewayPayment(event.gateway, event.paymentId);
    if (!transaction && event.transactionId) {
      const byId = await transactions.findById(event.transactionId);
      if (byId?.gateway === event.gateway && byId.gatewayPaymentId === null) transaction = byId;
    }
    // A live event never moves a test order, nor a test event a live one.
    if (!transaction || (event.livemode !== undefined && transaction.livemode !== event.livemode)) return 'unmatched';
    if (!(await new GatewayEventRepository(trx).recordOnce(event, now()))) return 'duplicate';
    // A PayPal subscription's first sale is the purchase's money: kept, for a refund to name it.
    const chargeId = event.renewal?.kind === 'paid' ? event.renewal.saleId : undefined;
    if (event.type === 'payment.succeeded')
      await transactions.markSucceeded(transaction.id, event.paymentId, event.instrument, chargeId, event.card);
    else await transactions.markFailed(transaction.id, event.paymentId, event.failureCode ?? 'processing_error');
    return 'applied';
  });
}

/** Whether the transaction an event's payment names is paid already: an event of that payment then changes nothing. */
export async function isPaidAlready(db: Kysely<Database>, event: Pick<GatewayEvent, 'gateway' | 'paymentId'>): Promise<boolean> {
  const transaction = await new TransactionRepository(db).findByGatewayPayment(event.gateway, event.paymentId);
  return transaction?.status === 'succeeded';
}
