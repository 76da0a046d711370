import type { Reader } from '@/lib/server/i18n/subscriberWords';
import type { Kysely } from 'kysely';
import { dateTimeText } from '@/lib/account/accountWords';
import type { UndoPurchaseAnswer, UndoPurchaseFacts } from '@/lib/account/undoPurchaseView';
import type { Transaction } from '@/lib/server/checkout/Transaction';
import { TransactionRepository } from '@/lib/server/checkout/TransactionRepository';
import type { Database } from '@/lib/server/db/schema';
import { HttpError } from '@/lib/server/http/HttpError';
import { RateLimiter } from '@/lib/server/identity/RateLimiter';
import type { RefundService } from '@/lib/server/refunds/RefundService';
import type { Subscription } from '@/lib/server/subscriptions/Subscription';
import { SubscriptionRepository } from '@/lib/server/subscriptions/SubscriptionRepository';
import { UNDO_VALID_DAYS, UndoLinkRepository, type UndoLink } from './UndoLinkRepository';

/** Undo presses per client address per window: counted per client only, so that nobody can use up another person's. */
export const UNDOS_PER_CLIENT = 10;
export const UNDO_WINDOW_MS = 15 * 60_000;

export interface UndoDeps {
  db: Kysely<Database>;
  now: () => Date;
  refunds: Pick<RefundService, 'refund'>;
  /** Ends the subscription at once (SubscriptionService.endNow, reason `duplicate_undone`). */
  endNow: (subscription: Subscription) => Promise<unknown>;
}

export const UNDO_MESSAGES = {
  invalid: 'This link is not valid. Please open the link from your e-mail again; if it still does not work, contact us.',
  expired: `This link has expired: a purchase can be undone this way for ${UNDO_VALID_DAYS} days. You can still cancel the subscription from your account, or contact us.`,
} as const;

/** The refusal of a link that cannot be used, as the page and the API answer it. */
export function undoRefusal(reason: 'invalid' | 'expired'): HttpError {
  return reason === 'invalid'
    ? new HttpError(404, 'undo_link_invalid', UNDO_MESSAGES.invalid)
    : new HttpError(410, 'undo_link_expired', UNDO_MESSAGES.expired);
}

/** The 409 of a used link: its details carry when it was used (ISO instant), so that the page says it in its reader's words and time zone. */
const alreadyUndone = (link: UndoLink) =>
  new HttpError(409, 'undo_link_used', `This purchase was already undone, on ${dateTimeText(link.used_at!)}. Nothing more was done.`, [
    link.used_at!,
  ]);

export type UndoLookup = { livemode: boolean; facts: UndoPurchaseFacts; reader: Reader } & (
  { state: 'ready'; link: UndoLink } | { state: 'undone'; undoneAt: string }
);

/** What a token names, without using it (the page: a mail scanner's GET changes nothing). Throws the 404 or 410 of a link that cannot be used. */
export async function lookUpUndo(deps: Pick<UndoDeps, 'db' | 'now'>, token: string): Promise<UndoLookup> {
  const found = await new UndoLinkRepository(deps.db).find(token, deps.now());
  if (!found.ok && found.reason !== 'used') throw undoRefusal(found.reason);
  const link = found.link;
  const transaction = await new TransactionRepository(deps.db, deps.now).findById(link.transaction_id);
  if (!transaction) throw undoRefusal('invalid');
  const facts = factsOf(transaction);
  const { livemode } = transaction;
  // The page speaks as the purchase was made: its language, its buyer's clock.
  const reader = { locale: transaction.locale, timeZone: transaction.timeZone };
  return found.ok
    ? { state: 'ready', link, facts, livemode, reader }
    : { state: 'undone', undoneAt: link.used_at!, facts, livemode, reader };
}

/**
 * Undoes a duplicate purchase with its e-mailed link, once: the purchase is refunded in full
 * (under the key `undo:<link id>`, so that a double press or a retry refunds once), its
 * subscription ended at once, then the link spent. In that order, because a refund the
 * provider could not be asked for (503) must leave the link usable, and everything done
 * twice is done once. A used link is answered 409 with when it was used.
 */
export async function undoPurchase(deps: UndoDeps, token: string, clientKey: string): Promise<UndoPurchaseAnswer> {
  if (!(await new RateLimiter(deps.db, deps.now).allow(`undo:client:${clientKey}`, UNDOS_PER_CLIENT, UNDO_WINDOW_MS))) {
    throw new HttpError(
      429,
      'too_many_requests',
      'Too many undo requests were sent from your network. Please wait 15 minutes and try again.',
      undefined,
      { retryAfterSeconds: UNDO_WINDOW_MS / 1000 },
    );
  }
  const found = await lookUpUndo(deps, token);
  if (found.state === 'undone') throw alreadyUndone((await linkOf(deps, token))!);
  const { link, facts } = found;
  const transaction = (await new TransactionRepository(deps.db, deps.now).findById(link.transaction_id))!;
  const refund = await refundInFull(deps, transaction, link);
  const at = deps.now();
  const subscription = await new SubscriptionRepository(deps.db, deps.now).findById(link.subscription_id);
  if (subscription && subscription.status !== 'ended') await deps.endNow(subscription);
  await new UndoLinkRepository(deps.db).use(link.id, at);
  const used = (await linkOf(deps, token))!;
  return {
    undone: true,
    undoneAt: used.used_at ?? at.toISOString(),
    refund: { status: refund, amount: facts.amount },
    brandName: facts.brandName,
    offerName: facts.offerName,
  };
}

/** The full refund, once per link: its state; 'none' where nothing was charged, 'already' where everything was refunded before (customer care). */
async function refundInFull(deps: UndoDeps, transaction: Transaction, link: UndoLink): Promise<UndoPurchaseAnswer['refund']['status']> {
  if (transaction.total <= 0) return 'none';
  try {
    const refund = await deps.refunds.refund({
      transactionId: transaction.id,
      amount: 'full',
      reason: 'duplicate purchase undone by buyer',
      requestedBy: 'buyer',
      idempotencyKey: `undo:${link.id}`,
    });
    if (refund.status === 'failed') {
      throw new HttpError(
        409,
        'undo_refund_refused',
        'The payment provider refused the refund, so nothing was undone: your subscription goes on. Please contact us and we will sort it out.',
      );
    }
    return refund.status;
  } catch (error) {
    if (error instanceof HttpError && error.code === 'nothing_to_refund') return 'already';
    throw error;
  }
}

async function linkOf(deps: Pick<UndoDeps, 'db' | 'now'>, token: string): Promise<UndoLink | null> {
  const found = await new UndoLinkRepository(deps.db).find(token, deps.now());
  return 'link' in found ? found.link : null;
}

function factsOf(transaction: Transaction): UndoPurchaseFacts {
  return {
    brandName: transaction.order.acknowledgment?.brandName ?? transaction.brandSlug,
    offerName: transaction.order.offer.name,
    purchasedAt: transaction.createdAt,
    amount: { cents: transaction.total, currency: transaction.currencyCode },
    charged: transaction.total > 0,
  };
}
