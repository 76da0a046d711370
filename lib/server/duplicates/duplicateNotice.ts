import type { Kysely } from 'kysely';
import type { Transaction } from '@/lib/server/checkout/Transaction';
import type { Database } from '@/lib/server/db/schema';
import { enqueueMail } from '@/lib/server/mail/OutboxRepository';
import { mailFormats } from '@/lib/server/mail/mailRecipient';
import { duplicatePurchase } from '@/lib/server/mail/templates/duplicatePurchase';
import type { Subscription } from '@/lib/server/subscriptions/Subscription';
import { UNDO_VALID_DAYS, UndoLinkRepository } from './UndoLinkRepository';

/** The page an undo link opens (a reserved top-level path: lib/journey/reservedPaths.ts). */
export const UNDO_PAGE_PATH = '/undo-purchase';

/**
 * The live subscription of the brand and mode, other than `exceptId`, that one of these
 * addresses held (as owner or billing address) at `at`; null when none. The oldest first:
 * the one the buyer most likely meant to keep.
 */
export async function earlierLiveSubscription(
  db: Kysely<Database>,
  addresses: readonly string[],
  brandSlug: string,
  livemode: boolean,
  exceptId: string,
  at: Date,
): Promise<{ id: string; offer_name: string } | null> {
  const emails = [...new Set(addresses.map((address) => address.trim().toLowerCase()))];
  const row = await db
    .selectFrom('subscriptions')
    .select(['id', 'offer_name'])
    .where('brand_slug', '=', brandSlug)
    .where('livemode', '=', livemode ? 1 : 0)
    .where('id', '!=', exceptId)
    .where((eb) => eb.or([eb('owner_email', 'in', emails), eb('billing_email', 'in', emails)]))
    .where('status', '!=', 'ended')
    .where((eb) => eb.or([eb('cancel_at_period_end', '=', 0), eb('current_period_end', '>', at.toISOString())]))
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .executeTakeFirst();
  return row ?? null;
}

/**
 * Called in the paid purchase's own database transaction (TransactionRepository.markSucceeded),
 * after its subscription is written: when its billing address (or owner) already held another
 * live subscription of the brand and mode, the billing address is e-mailed that this purchase
 * started a second one, with a link that undoes it with a full refund. Nothing is said at
 * checkout: its answer is the same for every address. Written with the payment, or not at all;
 * no mail (and no link) when the order kept no origin to link from. In the order's language,
 * its date on the buyer's clock.
 */
export async function queueDuplicateNotice(
  trx: Kysely<Database>,
  transaction: Transaction,
  subscription: Pick<Subscription, 'id' | 'ownerEmail' | 'billingEmail' | 'brandSlug' | 'livemode' | 'offerName'>,
  at: Date,
): Promise<boolean> {
  const kept = transaction.order.acknowledgment;
  if (!kept?.origin) return false;
  const addresses = [subscription.billingEmail, ...(subscription.ownerEmail ? [subscription.ownerEmail] : [])];
  const earlier = await earlierLiveSubscription(trx, addresses, subscription.brandSlug, subscription.livemode, subscription.id, at);
  if (!earlier) return false;
  const token = await new UndoLinkRepository(trx).create(
    { transactionId: transaction.id, subscriptionId: subscription.id, earlierSubscriptionId: earlier.id },
    at,
  );
  if (!token) return false;
  // A test purchase's page is in test mode too, as the other mails' links are.
  const undoUrl = `${kept.origin}${UNDO_PAGE_PATH}?token=${token}${transaction.livemode ? '' : '&livemode=false'}`;
  const { words, date, money } = mailFormats(transaction);
  const content = duplicatePurchase(
    {
      brand: { name: kept.brandName, identity: kept.brandIdentity },
      offerName: subscription.offerName,
      earlierOfferName: earlier.offer_name,
      livemode: transaction.livemode,
      amountPaid: money(transaction.total, transaction.currencyCode),
      charged: transaction.total > 0,
      purchasedOn: date(at.toISOString()),
      undoUrl,
      validDays: UNDO_VALID_DAYS,
    },
    words,
  );
  await enqueueMail(trx, { to: subscription.billingEmail, kind: 'duplicate-purchase', ...content }, at);
  return true;
}
