import { randomBytes, randomUUID } from 'node:crypto';
import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import { submitRequestFixture } from '@/tests/fixtures/submitRequest';
import { submitRequestSchema } from '@/lib/checkout/submitContract';
import { CatalogueRepository } from '@/lib/server/catalogue/CatalogueRepository';
import { applyGatewayEvent } from '@/lib/server/checkout/reconcile';
import { submitCheckout } from '@/lib/server/checkout/submitService';
import type {
  Database,
  InvoiceTable,
  SandboxPaymentIntentTable,
  SubscriptionNoticeTable,
  SubscriptionTable,
  TransactionTable,
} from '@/lib/server/db/schema';
import { randomId, sha256 } from '@/lib/server/ids';
import { SandboxGateway } from '@/lib/server/payments/sandbox/SandboxGateway';
import { renewalTransactionId } from '@/lib/server/renewals/renewalOrder';
import { marketOf, sellerFor } from '@/lib/invoices/seller';
import { documentSeries } from '@/lib/server/checkout/invoiceNumbers';

/**
 * Due renewals for the proofs and the bench, written fast: one real test-mode purchase
 * (Vogue Digital, sandbox card 4242, through the checkout's own code), whose purchase
 * transaction, sandbox payment and subscription are cloned `count - 1` times with new ids
 * and the next invoice numbers of the purchase's scope (each with its invoice, the purchase's
 * under its own number), every period moved back so that it ended a minute ago. Multi-row inserts, one database transaction per chunk; the same SQL
 * on SQLite and PostgreSQL.
 */

/** Rows per insert: the subscriptions' ~45 columns stay far below SQLite's and PostgreSQL's limits on bound values. */
const CHUNK = 400;

export interface SeededRenewals {
  subscriptionIds: string[];
  /** When each seeded period ended (and so the renewal's period starts). */
  periodEnd: string;
  seconds: number;
}

export async function seedDueRenewals(db: Kysely<Database>, count: number, now: () => Date = () => new Date()): Promise<SeededRenewals> {
  const started = Date.now();
  const template = await purchaseOnce(db, now);
  const periodEnd = new Date(now().getTime() - 60_000);
  const shiftMs = Date.parse(template.subscription.current_period_end) - periodEnd.getTime();
  const shift = (iso: string | null) => (iso === null ? null : new Date(Date.parse(iso) - shiftMs).toISOString());
  // The series the purchase was numbered in (its seller's, or the global one before it).
  const seller = sellerFor(template.transaction.brand_slug, marketOf(template.transaction.locale));
  const { scope, prefix } = documentSeries(
    'invoice',
    template.transaction.livemode === 1,
    new Date(template.transaction.updated_at),
    seller,
  );
  const invoice = template.transaction.invoice_number?.startsWith(prefix) ? template.transaction.invoice_number : null;
  if (!invoice) throw new Error(`the template purchase has no invoice number of ${prefix}: ${template.transaction.invoice_number}`);

  const moved = (
    subscription: Selectable<SubscriptionTable>,
    transaction: Selectable<TransactionTable>,
    intent: Selectable<SandboxPaymentIntentTable>,
  ) => ({
    intent: {
      ...intent,
      created_at: shift(intent.created_at)!,
      updated_at: shift(intent.updated_at)!,
      renewal_outcome: 'approve' as const,
    },
    transaction: { ...transaction, created_at: shift(transaction.created_at)!, updated_at: shift(transaction.updated_at)! },
    subscription: {
      ...subscription,
      current_period_start: shift(subscription.current_period_start)!,
      current_period_end: periodEnd.toISOString(),
      trial_end: shift(subscription.trial_end),
      created_at: shift(subscription.created_at)!,
      updated_at: shift(subscription.updated_at)!,
    },
  });

  // Their renewal notices went out weeks ago, as the engine sends them: a run renews, nothing else.
  const noticeSent = (subscriptionId: string): Insertable<SubscriptionNoticeTable> => ({
    id: randomId('ntc', 16),
    subscription_id: subscriptionId,
    kind: 'renewal',
    about: periodEnd.toISOString(),
    due_at: new Date(periodEnd.getTime() - 15 * 24 * 3600_000).toISOString(),
    sent_at: new Date(periodEnd.getTime() - 15 * 24 * 3600_000).toISOString(),
    mail_id: null,
    content_json: '{}',
  });
  // Each one's schedule: due when its period ended.
  const dueAtPeriodEnd = (subscriptionId: string) => ({
    subscription_id: subscriptionId,
    next_action_at: periodEnd.toISOString(),
    lease_until: null,
  });
  const ids = [template.subscription.id];
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('subscription_notices').values(noticeSent(template.subscription.id)).execute();
    const first = moved(template.subscription, template.transaction, template.intent);
    await trx.updateTable('sandbox_payment_intents').set(first.intent).where('id', '=', template.intent.id).execute();
    await trx.updateTable('transactions').set(first.transaction).where('id', '=', template.transaction.id).execute();
    await trx
      .updateTable('invoices')
      .set({ issued_at: first.transaction.updated_at })
      .where('transaction_id', '=', template.transaction.id)
      .execute();
    await trx.updateTable('subscriptions').set(first.subscription).where('id', '=', template.subscription.id).execute();
    await trx
      .updateTable('subscription_schedule')
      .set(dueAtPeriodEnd(template.subscription.id))
      .where('subscription_id', '=', template.subscription.id)
      .execute();
  });
  for (let done = 1; done < count; done += CHUNK) {
    const size = Math.min(CHUNK, count - done);
    await db.transaction().execute(async (trx) => {
      // The clones' purchase invoices continue the purchase's sequence, taken in this transaction as the checkout takes one.
      const { last_number: last } = await trx
        .updateTable('invoice_sequences')
        .set({ last_number: sql<number>`last_number + ${size}` })
        .where('scope', '=', scope)
        .returning('last_number')
        .executeTakeFirstOrThrow();
      const intents: Insertable<SandboxPaymentIntentTable>[] = [];
      const transactions: Insertable<TransactionTable>[] = [];
      const invoices: Insertable<InvoiceTable>[] = [];
      const subscriptions: Insertable<SubscriptionTable>[] = [];
      const notices: Insertable<SubscriptionNoticeTable>[] = [];
      for (let index = 0; index < size; index += 1) {
        const intentId = randomId('pi_sandbox');
        const transactionId = randomId('txn');
        const subscriptionId = randomId('sub', 16);
        const { intent, transaction, subscription } = moved(template.subscription, template.transaction, template.intent);
        intents.push({ ...intent, id: intentId, idempotency_key: randomUUID() });
        const invoiceNumber = `${prefix}${String(Number(last) - size + 1 + index).padStart(6, '0')}`;
        transactions.push({
          ...transaction,
          id: transactionId,
          receipt_token_hash: sha256(randomBytes(32).toString('hex')),
          gateway_payment_id: intentId,
          subscription_id: subscriptionId,
          invoice_number: invoiceNumber,
        });
        invoices.push({
          ...template.invoice,
          number: invoiceNumber,
          transaction_id: transactionId,
          subscription_id: subscriptionId,
          issued_at: transaction.updated_at,
        });
        subscriptions.push({
          ...subscription,
          id: subscriptionId,
          transaction_id: transactionId,
          instrument_json: JSON.stringify({ kind: 'sandbox-card', paymentIntentId: intentId }),
        });
        notices.push(noticeSent(subscriptionId));
        ids.push(subscriptionId);
      }
      await trx.insertInto('sandbox_payment_intents').values(intents).execute();
      await trx.insertInto('transactions').values(transactions).execute();
      await trx.insertInto('invoices').values(invoices).execute();
      await trx.insertInto('subscriptions').values(subscriptions).execute();
      await trx
        .insertInto('subscription_schedule')
        .values(subscriptions.map((row) => dueAtPeriodEnd(row.id)))
        .execute();
      await trx.insertInto('subscription_notices').values(notices).execute();
    });
  }
  return { subscriptionIds: ids, periodEnd: periodEnd.toISOString(), seconds: (Date.now() - started) / 1000 };
}

/** One purchase as a buyer makes it, in process on the database: its three rows are the template. */
async function purchaseOnce(db: Kysely<Database>, now: () => Date) {
  const snapshot = await new CatalogueRepository(db).loadSnapshot();
  const sandbox = new SandboxGateway(db, async (event) => void (await applyGatewayEvent(db, event, now)), now);
  const input = submitRequestFixture({
    billing: { email: 'renewals@example.com', firstName: 'Renée', lastName: 'Wal', country: 'GB' },
    source: 'proofs',
  });
  const { response } = await submitCheckout({ db, gateways: [sandbox], now }, snapshot, submitRequestSchema.parse(input));
  if (response.status !== 'succeeded') throw new Error(`the template purchase did not succeed: ${JSON.stringify(response)}`);
  const subscription = await db
    .selectFrom('subscriptions')
    .selectAll()
    .where('transaction_id', '=', response.transactionId)
    .executeTakeFirstOrThrow();
  const transaction = await db.selectFrom('transactions').selectAll().where('id', '=', response.transactionId).executeTakeFirstOrThrow();
  const invoice = await db
    .selectFrom('invoices')
    .selectAll()
    .where('transaction_id', '=', response.transactionId)
    .executeTakeFirstOrThrow();
  const instrument = JSON.parse(subscription.instrument_json ?? 'null') as { kind: string; paymentIntentId?: string } | null;
  if (subscription.gateway !== 'sandbox' || instrument?.kind !== 'sandbox-card' || !instrument.paymentIntentId)
    throw new Error(`the template purchase kept no sandbox card: ${subscription.instrument_json}`);
  const intent = await db
    .selectFrom('sandbox_payment_intents')
    .selectAll()
    .where('id', '=', instrument.paymentIntentId)
    .executeTakeFirstOrThrow();
  return { subscription, transaction, invoice, intent };
}

/** What the engine has left to do: subscriptions due or held by a run, and renewals open. Cheap enough to poll. */
export async function renewalsLeft(db: Kysely<Database>, at: Date = new Date()): Promise<{ due: number; leased: number; open: number }> {
  const [due, leased, open] = await Promise.all([
    db
      .selectFrom('subscription_schedule')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('next_action_at', '<=', at.toISOString())
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('subscription_schedule')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('lease_until', 'is not', null)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('transactions')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('kind', '=', 'renewal')
      .where('status', 'in', ['processing', 'requires_action'])
      .executeTakeFirstOrThrow(),
  ]);
  return { due: Number(due.count), leased: Number(leased.count), open: Number(open.count) };
}

/** Everything the proofs check of the renewals of one database, counted. */
export interface RenewalLedger {
  subscriptions: number;
  /** Subscriptions with exactly one succeeded renewal, with its invoice, in the period after the seeded one. */
  renewedOnce: number;
  /** Subscriptions with more than one succeeded renewal transaction. */
  renewedMoreThanOnce: number;
  /** Renewal transactions still processing or waiting for an action. */
  open: number;
  /** Renewal charges made at the sandbox, and the subscription+periods charged more than once. */
  charges: number;
  chargedTwice: number;
  /** Subscriptions charged more than once in all. */
  subscriptionsWithSeveralCharges: number;
  /** Succeeded renewal charges whose period's transaction has not succeeded with an invoice. */
  chargedWithoutInvoice: number;
  /** Succeeded renewal transactions whose period was never charged at the sandbox. */
  invoicedWithoutCharge: number;
  invoices: { count: number; distinct: number; gapFree: boolean };
  leased: number;
  due: number;
  /** The first and last renewal recorded (their transactions' created and updated instants), ISO. */
  firstAt: string | null;
  lastAt: string | null;
}

export async function renewalLedger(db: Kysely<Database>, periodEnd: string, at: Date = new Date()): Promise<RenewalLedger> {
  const subscriptions = await db
    .selectFrom('subscriptions')
    .leftJoin('subscription_schedule', 'subscription_schedule.subscription_id', 'subscriptions.id')
    .select(['id', 'next_action_at', 'lease_until'])
    .execute();
  const renewals = await db
    .selectFrom('transactions')
    .select(['id', 'renewal_of', 'status', 'invoice_number', 'period_start', 'created_at', 'updated_at'])
    .where('kind', '=', 'renewal')
    .execute();
  const charges = await db
    .selectFrom('sandbox_payment_intents')
    .select(['idempotency_key', 'status'])
    .where('idempotency_key', 'like', 'renewal:%')
    .execute();

  const succeeded = renewals.filter((row) => row.status === 'succeeded');
  const paidBySubscription = new Map<string, number>();
  for (const row of succeeded) paidBySubscription.set(row.renewal_of ?? '', (paidBySubscription.get(row.renewal_of ?? '') ?? 0) + 1);
  const renewedOnce = new Set(
    succeeded
      .filter((row) => row.invoice_number && row.period_start === periodEnd && paidBySubscription.get(row.renewal_of ?? '') === 1)
      .map((row) => row.renewal_of),
  );

  // A key is renewal:<subscription>:<period start>:<try>:<card> (renewalIdempotencyKey); the period start holds colons itself.
  const keyParts = (key: string) => {
    const [, subscription = '', ...rest] = key.split(':');
    return { subscription, periodStart: rest.slice(0, -2).join(':') };
  };
  const succeededCharges = charges.filter((charge) => charge.status === 'succeeded').map((charge) => keyParts(charge.idempotency_key));
  const perPeriod = new Map<string, number>();
  const perSubscription = new Map<string, number>();
  for (const { subscription, periodStart } of succeededCharges) {
    perPeriod.set(`${subscription}\n${periodStart}`, (perPeriod.get(`${subscription}\n${periodStart}`) ?? 0) + 1);
    perSubscription.set(subscription, (perSubscription.get(subscription) ?? 0) + 1);
  }
  const byId = new Map(renewals.map((row) => [row.id, row]));
  const chargedWithoutInvoice = [...perPeriod.keys()].filter((pair) => {
    const [subscription = '', periodStart = ''] = pair.split('\n');
    const row = byId.get(renewalTransactionId(subscription, periodStart));
    return !(row?.status === 'succeeded' && row.invoice_number);
  }).length;
  const invoicedWithoutCharge = succeeded.filter((row) => !perPeriod.has(`${row.renewal_of}\n${row.period_start}`)).length;

  const numbers = succeeded.map((row) => row.invoice_number ?? '').filter(Boolean);
  const sequence = numbers.map((number) => Number(/(\d+)$/.exec(number)?.[1] ?? NaN)).sort((a, b) => a - b);
  const distinct = new Set(numbers).size;
  const gapFree = sequence.length === 0 || (distinct === sequence.length && sequence.at(-1)! - sequence[0]! + 1 === sequence.length);
  const stamps = succeeded.flatMap((row) => [row.created_at, row.updated_at]).sort();
  return {
    subscriptions: subscriptions.length,
    renewedOnce: renewedOnce.size,
    renewedMoreThanOnce: [...paidBySubscription.values()].filter((paid) => paid > 1).length,
    open: renewals.filter((row) => row.status === 'processing' || row.status === 'requires_action').length,
    charges: charges.length,
    chargedTwice: [...perPeriod.values()].filter((made) => made > 1).length,
    subscriptionsWithSeveralCharges: [...perSubscription.values()].filter((made) => made > 1).length,
    chargedWithoutInvoice,
    invoicedWithoutCharge,
    invoices: { count: numbers.length, distinct, gapFree },
    leased: subscriptions.filter((row) => row.lease_until !== null).length,
    due: subscriptions.filter((row) => row.next_action_at !== null && row.next_action_at <= at.toISOString()).length,
    firstAt: stamps[0] ?? null,
    lastAt: stamps.at(-1) ?? null,
  };
}
