import type { RenewalScenario } from '@/lib/payments/sandbox/testCards';
import type { Kysely, Selectable } from 'kysely';
import type { Database, SandboxPaymentIntentTable, SandboxWalletPaymentTable } from '@/lib/server/db/schema';
import { CURRENCY_CODES } from '@/lib/pricing/currencies';
import { PAYMENT_FAILURE_CODES, type PaymentFailureCode } from '@/lib/payments/paymentErrors';
import { PAYMENT_METHOD_IDS, isWallet, type WalletId } from '@/lib/payments/methods';
import { CARD_BRANDS } from '@/lib/payments/sandbox/testCards';
import { WALLET_FLOWS } from '@/lib/payments/walletFlow';
import {
  AFTER_AUTHENTICATION,
  SANDBOX_INTENT_STATUSES,
  SANDBOX_WALLET_PAYMENT_STATUSES,
  type SandboxIntent,
  type SandboxIntentStatus,
  WALLET_RENEWAL_OUTCOMES,
  type SandboxWalletPayment,
  type SandboxWalletPaymentStatus,
  type WalletRenewalOutcome,
} from './sandboxPayments';

/** A refund the sandbox made (sandbox_refunds). */
export interface SandboxRefund {
  id: string;
  paymentId: string;
  amount: number;
  currencyCode: string;
  idempotencyKey: string;
  createdAt: string;
}

/** Rows as the tables keep them: snake_case, free text, flags as 0 and 1. Nothing outside this file sees one. */
type IntentRow = Selectable<SandboxPaymentIntentTable>;
type WalletPaymentRow = Selectable<SandboxWalletPaymentTable>;

/** The sandbox's two payment tables, which share their key and status columns, and their rows. */
interface SandboxPaymentRows {
  sandbox_payment_intents: IntentRow;
  sandbox_wallet_payments: WalletPaymentRow;
}
type SandboxPaymentTableName = keyof SandboxPaymentRows;

/** What a payment that required action ends as, and why it failed if it did. */
interface Resolution<Status> {
  status: Status;
  lastErrorCode: PaymentFailureCode | null;
}

/**
 * The sandbox gateways' payments. A payment is made at most once per idempotency key (the
 * column is unique, and a second insert does nothing) and leaves requires_action at most
 * once (the update is guarded on it), so that concurrent charges and answers agree, on any
 * number of app instances.
 */
export class SandboxPaymentRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Records a new card payment; false when one was made under its idempotency key already (that one is left as it was). */
  async insertIntent(intent: SandboxIntent): Promise<boolean> {
    return this.insertOnce('sandbox_payment_intents', intentRow(intent));
  }

  async findIntent(id: string): Promise<SandboxIntent | null> {
    const row = await this.db.selectFrom('sandbox_payment_intents').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? intentOf(row) : null;
  }

  async findIntentByIdempotencyKey(key: string): Promise<SandboxIntent | null> {
    const row = await this.db.selectFrom('sandbox_payment_intents').selectAll().where('idempotency_key', '=', key).executeTakeFirst();
    return row ? intentOf(row) : null;
  }

  /** Gives a card payment that requires action its outcome; false when it no longer required action (answered already), and then nothing changed. */
  async resolveIntent(id: string, resolution: Resolution<Exclude<SandboxIntentStatus, 'requires_action'>>, at: Date): Promise<boolean> {
    return this.resolve('sandbox_payment_intents', id, resolution, at);
  }

  /** Records a new wallet payment; false when one was made under its idempotency key already (that one is left as it was). */
  async insertWalletPayment(payment: SandboxWalletPayment): Promise<boolean> {
    return this.insertOnce('sandbox_wallet_payments', walletPaymentRow(payment));
  }

  /** A payment of this wallet: another wallet's payment is not found. */
  async findWalletPayment(wallet: WalletId, id: string): Promise<SandboxWalletPayment | null> {
    const row = await this.db
      .selectFrom('sandbox_wallet_payments')
      .selectAll()
      .where('id', '=', id)
      .where('wallet', '=', wallet)
      .executeTakeFirst();
    return row ? walletPaymentOf(row) : null;
  }

  async findWalletPaymentByIdempotencyKey(wallet: WalletId, key: string): Promise<SandboxWalletPayment | null> {
    const row = await this.db
      .selectFrom('sandbox_wallet_payments')
      .selectAll()
      .where('idempotency_key', '=', key)
      .where('wallet', '=', wallet)
      .executeTakeFirst();
    return row ? walletPaymentOf(row) : null;
  }

  /** Gives a wallet payment that requires action the visitor's answer; false when it no longer required action (answered already), and then nothing changed. */
  async resolveWalletPayment(
    id: string,
    resolution: Resolution<Exclude<SandboxWalletPaymentStatus, 'requires_action'>> & { renewals?: WalletRenewalOutcome },
    at: Date,
  ): Promise<boolean> {
    const { renewals, ...answered } = resolution;
    return this.resolve('sandbox_wallet_payments', id, answered, at, renewals ? { renewal_outcome: renewals } : {});
  }

  /**
   * The sandbox PayPal cancels a subscription for good (its cancelled period is over), as
   * PayPal's cancel does: true when it is cancelled now, whether by this call or an earlier
   * one; false when no such paid subscription exists.
   */
  async cancelWalletRenewals(wallet: WalletId, id: string, at: Date): Promise<boolean> {
    await this.db
      .updateTable('sandbox_wallet_payments')
      .set({ renewals_cancelled_at: at.toISOString(), updated_at: at.toISOString() })
      .where('wallet', '=', wallet)
      .where('id', '=', id)
      .where('status', '=', 'succeeded')
      .where('renewals_cancelled_at', 'is', null)
      .execute();
    const row = await this.db
      .selectFrom('sandbox_wallet_payments')
      .select('renewals_cancelled_at')
      .where('wallet', '=', wallet)
      .where('id', '=', id)
      .where('status', '=', 'succeeded')
      .executeTakeFirst();
    return Boolean(row?.renewals_cancelled_at);
  }

  /**
   * Whether a sandbox PayPal subscription renews: a cancel pauses it, a resume starts it
   * again, as PayPal's suspend and activate do. False when no such payment exists.
   */
  async setWalletRenewalsPaused(wallet: WalletId, id: string, paused: boolean, at: Date): Promise<boolean> {
    const moved = await this.db
      .updateTable('sandbox_wallet_payments')
      .set({ renewals_paused: paused ? 1 : 0, updated_at: at.toISOString() })
      .where('wallet', '=', wallet)
      .where('id', '=', id)
      .where('status', '=', 'succeeded')
      .executeTakeFirst();
    return Number(moved.numUpdatedRows) > 0;
  }

  async walletRenewalsPaused(wallet: WalletId, id: string): Promise<boolean | null> {
    const row = await this.db
      .selectFrom('sandbox_wallet_payments')
      .select('renewals_paused')
      .where('wallet', '=', wallet)
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? row.renewals_paused === 1 : null;
  }

  /** A refund, once per idempotency key: false when one was made under it already (that one stands). */
  async insertRefund(refund: SandboxRefund): Promise<boolean> {
    const inserted = await this.db
      .insertInto('sandbox_refunds')
      .values({
        id: refund.id,
        payment_id: refund.paymentId,
        amount: refund.amount,
        currency_code: refund.currencyCode,
        idempotency_key: refund.idempotencyKey,
        created_at: refund.createdAt,
      })
      .onConflict((oc) => oc.column('idempotency_key').doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async findRefund(by: { id: string } | { idempotencyKey: string }): Promise<SandboxRefund | null> {
    const row = await this.db
      .selectFrom('sandbox_refunds')
      .selectAll()
      .where('id' in by ? 'id' : 'idempotency_key', '=', 'id' in by ? by.id : by.idempotencyKey)
      .executeTakeFirst();
    return row
      ? {
          id: row.id,
          paymentId: row.payment_id,
          amount: row.amount,
          currencyCode: row.currency_code,
          idempotencyKey: row.idempotency_key,
          createdAt: row.created_at,
        }
      : null;
  }

  /** What the sandbox refunded of a payment so far, in minor units. */
  async refundedOf(paymentId: string): Promise<number> {
    const row = await this.db
      .selectFrom('sandbox_refunds')
      .select((eb) => eb.fn.sum<number | string | null>('amount').as('total'))
      .where('payment_id', '=', paymentId)
      .executeTakeFirst();
    return Number(row?.total ?? 0);
  }

  /** A payment is made once per idempotency key: a second insert under it does nothing (false). */
  private insertOnce<T extends SandboxPaymentTableName>(table: T, row: SandboxPaymentRows[T]): Promise<boolean>;
  // The signature above pairs a table with its row; Kysely takes the pair as a union here.
  private async insertOnce(table: SandboxPaymentTableName, row: IntentRow | WalletPaymentRow): Promise<boolean> {
    const inserted = await this.db
      .insertInto(table)
      .values(row)
      .onConflict((oc) => oc.column('idempotency_key').doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /** Both kinds of payment leave requires_action the same way: once, guarded on the status. */
  private async resolve(
    table: SandboxPaymentTableName,
    id: string,
    resolution: Resolution<SandboxIntentStatus | SandboxWalletPaymentStatus>,
    at: Date,
    extra: { renewal_outcome?: WalletRenewalOutcome } = {},
  ): Promise<boolean> {
    const updated = await this.db
      .updateTable(table)
      .set({ ...extra, status: resolution.status, last_error_code: resolution.lastErrorCode, updated_at: at.toISOString() })
      .where('id', '=', id)
      .where('status', '=', 'requires_action')
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) > 0;
  }
}

const FAILURE_CODES: readonly PaymentFailureCode[] = PAYMENT_FAILURE_CODES;
const RENEWAL_SCENARIOS: readonly RenewalScenario[] = ['approve', 'decline', 'authenticate'];
const WALLET_RENEWALS: readonly WalletRenewalOutcome[] = WALLET_RENEWAL_OUTCOMES;
const WALLET_IDS = PAYMENT_METHOD_IDS.filter(isWallet);

/**
 * Reads a row's text columns as the values the sandbox writes into them. Any other value was
 * not written by the sandbox (a hand edit, another program): it is refused, naming the row,
 * rather than passed on as if it were one the gateways know how to answer.
 */
function columnReader(table: keyof Database, id: string) {
  return <T extends string>(column: string, value: string, known: readonly T[]): T => {
    if ((known as readonly string[]).includes(value)) return value as T;
    throw new Error(`${table} row ${id} has ${column} ${JSON.stringify(value)}, which is none of: ${known.join(', ')}`);
  };
}

function intentOf(row: IntentRow): SandboxIntent {
  const read = columnReader('sandbox_payment_intents', row.id);
  return {
    id: row.id,
    amount: row.amount,
    currencyCode: read('currency_code', row.currency_code, CURRENCY_CODES),
    status: read('status', row.status, SANDBOX_INTENT_STATUSES),
    cardBrand: read('card_brand', row.card_brand, CARD_BRANDS),
    cardLast4: row.card_last4,
    afterAuthentication:
      row.after_authentication === null ? null : read('after_authentication', row.after_authentication, AFTER_AUTHENTICATION),
    returnUrl: row.return_url,
    lastErrorCode: row.last_error_code === null ? null : read('last_error_code', row.last_error_code, FAILURE_CODES),
    idempotencyKey: row.idempotency_key,
    renewals: read('renewal_outcome', row.renewal_outcome, RENEWAL_SCENARIOS),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function intentRow(intent: SandboxIntent): IntentRow {
  return {
    id: intent.id,
    amount: intent.amount,
    currency_code: intent.currencyCode,
    status: intent.status,
    card_brand: intent.cardBrand,
    card_last4: intent.cardLast4,
    after_authentication: intent.afterAuthentication,
    return_url: intent.returnUrl,
    last_error_code: intent.lastErrorCode,
    idempotency_key: intent.idempotencyKey,
    renewal_outcome: intent.renewals,
    created_at: intent.createdAt,
    updated_at: intent.updatedAt,
  };
}

function walletPaymentOf(row: WalletPaymentRow): SandboxWalletPayment {
  const read = columnReader('sandbox_wallet_payments', row.id);
  return {
    id: row.id,
    wallet: read('wallet', row.wallet, WALLET_IDS),
    flow: read('flow', row.flow, WALLET_FLOWS),
    amount: row.amount,
    currencyCode: read('currency_code', row.currency_code, CURRENCY_CODES),
    description: row.description,
    status: read('status', row.status, SANDBOX_WALLET_PAYMENT_STATUSES),
    returnUrl: row.return_url,
    lastErrorCode: row.last_error_code === null ? null : read('last_error_code', row.last_error_code, FAILURE_CODES),
    idempotencyKey: row.idempotency_key,
    livemode: row.livemode === 1,
    renewals: read('renewal_outcome', row.renewal_outcome, WALLET_RENEWALS),
    renewalsCancelledAt: row.renewals_cancelled_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function walletPaymentRow(payment: SandboxWalletPayment): WalletPaymentRow {
  return {
    id: payment.id,
    wallet: payment.wallet,
    flow: payment.flow,
    amount: payment.amount,
    currency_code: payment.currencyCode,
    description: payment.description,
    status: payment.status,
    return_url: payment.returnUrl,
    last_error_code: payment.lastErrorCode,
    idempotency_key: payment.idempotencyKey,
    livemode: payment.livemode ? 1 : 0,
    // A new payment's renewals run; only a cancel pauses them.
    renewals_paused: 0,
    renewal_outcome: payment.renewals,
    renewals_cancelled_at: payment.renewalsCancelledAt,
    created_at: payment.createdAt,
    updated_at: payment.updatedAt,
  };
}
