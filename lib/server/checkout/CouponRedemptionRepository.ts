import { sql, type Kysely } from 'kysely';
import type { Coupon } from '@/lib/catalogue/types';
import type { CouponUsage } from '@/lib/reports/couponFigures';
import type { Database } from '@/lib/server/db/schema';
import { sha256 } from '@/lib/server/ids';

/**
 * How long a hold on a coupon counts while its payment waits (3-D Secure, a wallet's
 * approval): an attempt left there does not keep the last redemption from others for ever.
 * Paid later all the same, it is redeemed (the payment is the truth), past the cap if need be.
 */
export const HOLD_MS = 60 * 60_000;

/** Payments still under way (lib/server/checkout/TransactionRepository). */
const OPEN_STATES = ['processing', 'requires_action'];

/** The per-customer cap counts buyers by e-mail address, trimmed and lower-cased as transactions keep it. */
export const emailDigest = (email: string): string => sha256(email.trim().toLowerCase());

export type HoldOutcome = { ok: true } | { ok: false; reason: 'used_up' | 'already_used' };

export interface HoldRequest {
  transactionId: string;
  coupon: Pick<Coupon, 'code' | 'maxRedemptions' | 'maxRedemptionsPerCustomer'>;
  livemode: boolean;
  email: string;
  now: Date;
}

/**
 * Coupon redemptions: an order's use of a coupon is held before its payment is asked for,
 * within the write that records the order, and redeemed in the write that records it paid.
 * Caps count redemptions and live holds; each coupon and mode has a lock row, updated first
 * by every hold, so that on PostgreSQL (row lock, then a fresh snapshot for the count under
 * read committed) as on SQLite (one writer) two holds for the last redemption are decided
 * one after the other: the second sees the first and is refused before anything is charged.
 */
export class CouponRedemptionRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Holds the coupon for an order, unless a cap is reached. Run it inside the write that creates the order's transaction. */
  async hold(request: HoldRequest): Promise<HoldOutcome> {
    const { transactionId, coupon, now } = request;
    const livemode = request.livemode ? 1 : 0;
    const kept = await this.db
      .selectFrom('coupon_redemptions')
      .select('transaction_id')
      .where('transaction_id', '=', transactionId)
      .executeTakeFirst();
    if (kept) return { ok: true };
    const digest = emailDigest(request.email);
    if (coupon.maxRedemptions !== null || coupon.maxRedemptionsPerCustomer !== null) {
      const at = now.toISOString();
      await this.db
        .insertInto('coupon_locks')
        .values({ coupon_code: coupon.code, livemode, locked_at: at })
        .onConflict((oc) => oc.columns(['coupon_code', 'livemode']).doNothing())
        .execute();
      await this.db
        .updateTable('coupon_locks')
        .set({ locked_at: at })
        .where('coupon_code', '=', coupon.code)
        .where('livemode', '=', livemode)
        .execute();
      const taken = await this.counting(coupon.code, livemode, now)
        .select([
          sql<number>`count(*)`.as('total'),
          sql<number>`coalesce(sum(case when r.email_digest = ${digest} then 1 else 0 end), 0)`.as('customer'),
        ])
        .executeTakeFirstOrThrow();
      if (coupon.maxRedemptions !== null && Number(taken.total) >= coupon.maxRedemptions) return { ok: false, reason: 'used_up' };
      if (coupon.maxRedemptionsPerCustomer !== null && Number(taken.customer) >= coupon.maxRedemptionsPerCustomer) {
        return { ok: false, reason: 'already_used' };
      }
    }
    await this.db
      .insertInto('coupon_redemptions')
      .values({
        transaction_id: transactionId,
        coupon_code: coupon.code,
        livemode,
        email_digest: digest,
        held_at: now.toISOString(),
        redeemed_at: null,
      })
      .execute();
    return { ok: true };
  }

  /**
   * Redeems the coupon of an order that was just paid, once: its hold, or (a hold that went
   * stale, an order taken before holds) a new redemption. Run it in the write that records the payment.
   */
  async redeem(order: { transactionId: string; couponCode: string | null; livemode: boolean; email: string }, at: Date): Promise<void> {
    if (!order.couponCode) return;
    const time = at.toISOString();
    await this.db
      .insertInto('coupon_redemptions')
      .values({
        transaction_id: order.transactionId,
        coupon_code: order.couponCode,
        livemode: order.livemode ? 1 : 0,
        email_digest: emailDigest(order.email),
        held_at: time,
        redeemed_at: time,
      })
      .onConflict((oc) =>
        oc.column('transaction_id').doUpdateSet({ redeemed_at: time }).where('coupon_redemptions.redeemed_at', 'is', null),
      )
      .execute();
  }

  /** Whether a coupon's total cap is reached in this mode (the promo step's answer; the hold decides). */
  async usedUp(coupon: Pick<Coupon, 'code' | 'maxRedemptions'>, livemode: boolean, now: Date): Promise<boolean> {
    if (coupon.maxRedemptions === null) return false;
    const taken = await this.counting(coupon.code, livemode ? 1 : 0, now)
      .select(sql<number>`count(*)`.as('total'))
      .executeTakeFirstOrThrow();
    return Number(taken.total) >= coupon.maxRedemptions;
  }

  /** Every coupon's uses per mode, for the marketers' report. */
  async usage(now: Date): Promise<CouponUsage[]> {
    const rows = await this.db
      .selectFrom('coupon_redemptions as r')
      .leftJoin('transactions as t', 't.id', 'r.transaction_id')
      .select([
        'r.coupon_code',
        'r.livemode',
        sql<number>`coalesce(sum(case when r.redeemed_at is not null then 1 else 0 end), 0)`.as('redeemed'),
        sql<number>`coalesce(sum(case when r.redeemed_at is null and ${liveHold(now)} then 1 else 0 end), 0)`.as('held'),
      ])
      .groupBy(['r.coupon_code', 'r.livemode'])
      .orderBy('r.coupon_code')
      .orderBy('r.livemode', 'desc')
      .execute();
    return rows.map((row) => ({
      code: row.coupon_code,
      livemode: row.livemode === 1,
      redeemed: Number(row.redeemed),
      held: Number(row.held),
    }));
  }

  /** A coupon's uses in one mode that count against its caps. */
  private counting(code: string, livemode: number, now: Date) {
    return this.db
      .selectFrom('coupon_redemptions as r')
      .leftJoin('transactions as t', 't.id', 'r.transaction_id')
      .where('r.coupon_code', '=', code)
      .where('r.livemode', '=', livemode)
      .where(sql<boolean>`(r.redeemed_at is not null or ${liveHold(now)})`);
  }
}

/** A hold that counts: its payment still under way, and not yet stale. */
const liveHold = (now: Date) =>
  sql`(t.status in (${sql.join(OPEN_STATES)}) and r.held_at > ${new Date(now.getTime() - HOLD_MS).toISOString()})`;
