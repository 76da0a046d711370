import { dateText } from '@/lib/account/accountWords';
import { cardPagePath } from '@/lib/account/cardChange';
import type { PaymentFailureCode } from '@/lib/payments/paymentErrors';
import { failureInMail } from '@/lib/payments/failureWording';
import { DEFAULT_LOCALE } from '@/lib/i18n/locales';
import { serverWords } from '@/lib/server/i18n/pageI18n';
import { formatMoney } from '@/lib/pricing/money';
import type { Transaction } from '@/lib/server/checkout/Transaction';
import type { MailMessage } from '@/lib/server/mail/MailMessage';
import { mailFormats } from '@/lib/server/mail/mailRecipient';
import { renewalEnded } from '@/lib/server/mail/templates/renewalEnded';
import { renewalFailed } from '@/lib/server/mail/templates/renewalFailed';
import { renewalReceipt } from '@/lib/server/mail/templates/renewalReceipt';
import { renewalNotice } from '@/lib/server/mail/templates/renewalNotice';
import { cardNeeded } from '@/lib/server/mail/templates/cardNeeded';
import { paymentMethodName } from '@/lib/checkout/paymentMethodName';
import type { NoticeKind } from '@/lib/subscriptions/renewalNotices';
import { recipientOf } from '@/lib/server/subscriptions/mailNotices';
import type { Subscription } from '@/lib/server/subscriptions/Subscription';
import type { FailedTry } from '@/lib/subscriptions/renewalPolicy';
import { renewalOfMethod } from '@/lib/server/payments/renewalLookup';

/** Why a renewal failed, in the subscriber's words (English until the renewal mails are moved to the catalogues). */
const reasonOf = (code: PaymentFailureCode, status: 'failed' | 'requires_action'): string =>
  serverWords(DEFAULT_LOCALE).t(failureInMail(code, status));

/**
 * The renewal e-mails of one subscription, written from what its purchase kept (the brand
 * as the buyer saw it, the site's origin for absolute links), else from `origin`. Null when
 * no origin is known: a mail without working links is not sent.
 */
export function renewalMails(subscription: Subscription, purchase: Transaction, origin: string | null) {
  const kept = purchase.order.acknowledgment;
  const site = kept?.origin ?? origin;
  if (!site) return null;
  const brand = { name: kept?.brandName ?? subscription.brandSlug, identity: kept?.brandIdentity ?? null };
  const mode = subscription.livemode ? '' : '?livemode=false';
  const accountUrl = `${site}/account${mode}`;
  // Mails of a moved test clock speak of its date, and are queued at the real time (enqueueMail).
  const to = recipientOf(subscription);
  const head = { to, ...(subscription.clockOffsetMs ? { clockOffsetMs: subscription.clockOffsetMs } : {}) };
  const common = { brand, offerName: subscription.offerName, livemode: subscription.livemode };
  // The receipt and the notice speak the subscription's language, their dates on the subscriber's clock; the other mails are English still.
  const recipient = mailFormats(subscription);
  const taxed = (amount: number) =>
    `${formatMoney(amount, subscription.currencyCode)}${purchase.order.taxRate.rate > 0 ? ' (tax included)' : ''}`;
  const taxedForRecipient = (amount: number) => {
    const written = recipient.money(amount, subscription.currencyCode);
    return purchase.order.taxRate.rate > 0 ? recipient.words.t('mail.amount.taxIncluded', { amount: written }) : written;
  };
  return {
    receipt(renewal: { invoiceNumber: string; total: number; period: { start: string; end: string }; recovered: boolean }): MailMessage {
      const { words, date, money } = recipient;
      const content = renewalReceipt(
        {
          ...common,
          invoiceNumber: renewal.invoiceNumber,
          amountPaid: money(renewal.total, subscription.currencyCode),
          period: words.t('mail.receipt.period', { start: date(renewal.period.start), end: date(renewal.period.end) }),
          nextChargeDate: date(renewal.period.end),
          recovered: renewal.recovered,
          accountUrl,
          cancelUrl: `${site}/cancel${mode}`,
        },
        words,
      );
      return { ...head, kind: 'renewal-receipt', ...content };
    },
    failed(total: number, code: PaymentFailureCode, status: 'failed' | 'requires_action', dunning: FailedTry): MailMessage {
      // A wallet's payment method is changed at the wallet; a card's on our card page, which charges it at once.
      const declared = renewalOfMethod(subscription.paymentMethod);
      const wallet = declared.pastDue;
      const change = declared.paymentChange;
      const awaitsBank = status === 'requires_action';
      const ourNext = dunning.retryAt
        ? `We will try again on ${dateText(dunning.retryAt)}.`
        : awaitsBank
          ? 'Nothing is charged until you confirm it.'
          : 'We will not try this card again.';
      const content = renewalFailed({
        ...common,
        amount: formatMoney(total, subscription.currencyCode),
        reason: wallet?.reason ?? reasonOf(code, status),
        next: wallet?.next ?? (wallet && !dunning.retryAt ? 'We will not try it again.' : ourNext),
        accessUntil: wallet && !wallet.ourDates ? null : dateText(dunning.graceUntil),
        endsOn: wallet && !wallet.ourDates ? null : dateText(dunning.endsAt),
        fix:
          wallet && change.where === 'provider'
            ? { text: wallet.fix, label: wallet.label, href: change.url(subscription.livemode) }
            : awaitsBank
              ? {
                  text: 'Confirm the payment with your bank on this page (or give another card, which we charge at once); your subscription is then active again:',
                  label: 'Confirm the payment',
                  href: `${site}${cardPagePath(subscription.id, subscription.livemode)}`,
                }
              : {
                  text: 'Give another card and we charge it at once; your subscription is then active again:',
                  label: 'Update your card',
                  href: `${site}${cardPagePath(subscription.id, subscription.livemode)}`,
                },
        accountUrl,
      });
      return { ...head, kind: 'renewal-failed', ...content };
    },
    notice(notice: {
      kind: Exclude<NoticeKind, 'card-needed'>;
      about: string;
      renewsOn: string;
      amount: number;
      previousAmount: number;
      /** A tacit renewal's last day to refuse it (YYYY-MM-DD), which its notice states; absent on the others. */
      refuseBy?: string;
    }): MailMessage {
      const renewsOn = recipient.date(notice.renewsOn);
      const content = renewalNotice(
        {
          ...common,
          kind: notice.kind,
          renewsOn,
          amount: taxedForRecipient(notice.amount),
          previousAmount: notice.kind === 'price-change' ? taxedForRecipient(notice.previousAmount) : null,
          paymentMethod: paymentMethodName(subscription.payment),
          introductoryEndsOn: notice.kind === 'renewal' && subscription.introductoryUntil === notice.about ? renewsOn : null,
          trial: subscription.trialEnd !== null && subscription.trialEnd === notice.about,
          renewalTerms: purchase.autoRenewalConsent?.text ?? kept?.renewalTerms ?? '',
          refuseBy: notice.refuseBy ? recipient.date(notice.refuseBy) : null,
          accountUrl,
          cancelUrl: `${site}/cancel${mode}`,
        },
        recipient.words,
      );
      return { ...head, kind: 'renewal-notice', ...content };
    },
    /** Nothing saved to charge the renewal on `renewsOn` with: a card is asked for; `ifUnpaid` is what its failure would give. */
    cardNeeded(notice: { renewsOn: string; amount: number; ifUnpaid: FailedTry }): MailMessage {
      const content = cardNeeded({
        ...common,
        renewsOn: dateText(notice.renewsOn),
        amount: taxed(notice.amount),
        accessUntil: dateText(notice.ifUnpaid.graceUntil),
        endsOn: dateText(notice.ifUnpaid.endsAt),
        cardUrl: `${site}${cardPagePath(subscription.id, subscription.livemode)}`,
        accountUrl,
        cancelUrl: `${site}/cancel${mode}`,
      });
      return { ...head, kind: 'card-needed', ...content };
    },
    ended(): MailMessage {
      return { ...head, kind: 'renewal-ended', ...renewalEnded({ ...common, accountUrl }) };
    },
  };
}
