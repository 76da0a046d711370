import type { Kysely } from 'kysely';
import { postalLines } from '@/lib/geo/countryName';
import type { AccountBrand } from '@/lib/account/accountView';
import type { Database } from '@/lib/server/db/schema';
import type { MailKind } from '@/lib/server/mail/MailMessage';
import type { MailContent } from '@/lib/server/mail/MailMessage';
import { enqueueMail } from '@/lib/server/mail/OutboxRepository';
import { mailFormats } from '@/lib/server/mail/mailRecipient';
import { paymentMethodName } from '@/lib/checkout/paymentMethodName';
import { renewalCharge } from '@/lib/checkout/paymentCopy';
import { TransactionRepository } from '@/lib/server/checkout/TransactionRepository';
import { renewalTaxRate } from '@/lib/server/renewals/renewalOrder';
import { amountWithTax } from '@/lib/i18n/priceOverTime';
import { addressChanged } from '@/lib/server/mail/templates/addressChanged';
import { cardChanged } from '@/lib/server/mail/templates/cardChanged';
import { cancellationConfirmation } from '@/lib/server/mail/templates/cancellationConfirmation';
import { cancelRequest } from '@/lib/server/mail/templates/cancelRequest';
import { KeepLinkRepository } from './KeepLinkRepository';
import { resumed } from '@/lib/server/mail/templates/resumed';
import { endedByCare } from '@/lib/server/mail/templates/endedByCare';
import type { Subscription } from './Subscription';
import type { SubscriptionNotices } from './SubscriptionNotices';

/**
 * What a renewal will charge, in the subscriber's words, with its tax as it will be charged
 * (renewalTaxRate: none for a business that accounts for it), else as its purchase's market says it.
 */
async function renewalAmountOf(db: Kysely<Database>, subscription: Subscription): Promise<string> {
  const { words } = mailFormats(subscription);
  const purchase = await new TransactionRepository(db).findById(subscription.transactionId);
  const rate = purchase ? renewalTaxRate(subscription, purchase) : null;
  const { amount, tax } = renewalCharge(subscription.renewalAmount, subscription.taxIncluded, rate);
  return amountWithTax(words, amount, subscription.currencyCode, tax);
}

/** Who a subscription's e-mails go to: its owner, else the address it was billed to. */
export const recipientOf = (subscription: Subscription): string => subscription.ownerEmail ?? subscription.billingEmail;

/**
 * Links in the e-mails are absolute: the site's origin, as the request that made the change
 * reached it. Asked for only when an e-mail is written, so that a request that changes
 * nothing never depends on it.
 */
export function mailNotices(siteOrigin: string | (() => string), brands: ReadonlyMap<string, AccountBrand>): SubscriptionNotices {
  const originOf = typeof siteOrigin === 'string' ? () => siteOrigin : siteOrigin;
  // A test subscription shows in the account in test mode only.
  const accountUrlOf = (subscription: Subscription) => `${originOf()}/account${subscription.livemode ? '' : '?livemode=false'}`;
  const brandOf = (subscription: Subscription) => {
    const look = brands.get(subscription.brandSlug);
    return { name: look?.name ?? subscription.brandSlug, identity: look?.identity ?? null };
  };
  const queue = (db: Kysely<Database>, subscription: Subscription, kind: MailKind, content: MailContent, at: Date) =>
    enqueueMail(db, { to: recipientOf(subscription), kind, ...content }, at).then(() => undefined);
  return {
    async cancelled(db, subscription, at) {
      const accountUrl = accountUrlOf(subscription);
      // In the subscription's language, when access ends on the subscriber's clock.
      const { words, dateTime } = mailFormats(subscription);
      const common = {
        brand: brandOf(subscription),
        offerName: subscription.offerName,
        livemode: subscription.livemode,
        accessEndsAt: dateTime(subscription.currentPeriodEnd),
      };
      if (subscription.cancelChannel !== 'cancel-page') {
        await queue(
          db,
          subscription,
          'cancellation',
          cancellationConfirmation({ ...common, accountUrl, resumeUrl: accountUrl }, words),
          at,
        );
        return;
      }
      // Nobody signed in to cancel it: its owner can take it back in one click, until the period ends.
      const token = await new KeepLinkRepository(db).create(subscription.id, subscription.currentPeriodEnd, at);
      // In test mode the link says so: its page, even once the link is used or over, shows the banner and links the test account.
      const keepUrl = `${originOf()}/cancel/keep?token=${token}${subscription.livemode ? '' : '&livemode=false'}`;
      await queue(db, subscription, 'cancel-request', cancelRequest({ ...common, keepUrl }, words), at);
    },
    async resumed(db, subscription, at) {
      const { words, date } = mailFormats(subscription);
      const amount = await renewalAmountOf(db, subscription);
      return queue(
        db,
        subscription,
        'resumed',
        resumed(
          {
            brand: brandOf(subscription),
            offerName: subscription.offerName,
            livemode: subscription.livemode,
            nextChargeDate: date(subscription.currentPeriodEnd),
            amount,
            accountUrl: accountUrlOf(subscription),
          },
          words,
        ),
        at,
      );
    },
    addressChanged(db, subscription, at) {
      const { words } = mailFormats(subscription);
      return queue(
        db,
        subscription,
        'address-changed',
        addressChanged(
          {
            brand: brandOf(subscription),
            offerName: subscription.offerName,
            livemode: subscription.livemode,
            // As an envelope shows it, in its country's order, the country named in the mail's language.
            addressLines: subscription.deliveryAddress ? postalLines(words, subscription.deliveryAddress) : [],
            accountUrl: accountUrlOf(subscription),
          },
          words,
        ),
        at,
      );
    },
    async cardChanged(db, subscription, at) {
      const { words, date } = mailFormats(subscription);
      const amount = subscription.cancelAtPeriodEnd ? null : await renewalAmountOf(db, subscription);
      return queue(
        db,
        subscription,
        'card-changed',
        cardChanged(
          {
            brand: brandOf(subscription),
            offerName: subscription.offerName,
            livemode: subscription.livemode,
            card: paymentMethodName(subscription.payment, words),
            pastDue: subscription.status === 'past_due',
            nextCharge: amount === null ? null : { date: date(subscription.currentPeriodEnd), amount },
            accountUrl: accountUrlOf(subscription),
          },
          words,
        ),
        at,
      );
    },
    endedByCare(db, subscription, at) {
      const { words, dateTime } = mailFormats(subscription);
      return queue(
        db,
        subscription,
        'ended-by-care',
        endedByCare(
          {
            brand: brandOf(subscription),
            offerName: subscription.offerName,
            livemode: subscription.livemode,
            endedAt: dateTime(subscription.endedAt ?? at.toISOString()),
            accountUrl: accountUrlOf(subscription),
          },
          words,
        ),
        at,
      );
    },
  };
}
