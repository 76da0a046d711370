import { cardPagePath } from '@/lib/account/cardChange';
import type { PaymentFailureCode } from '@/lib/payments/paymentErrors';
import { failureInMail } from '@/lib/payments/failureWording';
import type { Transaction } from '@/lib/server/checkout/Transaction';
import { renewalTaxRate } from './renewalOrder';
import { amountWithTax } from '@/lib/i18n/priceOverTime';
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
  // Every renewal mail speaks the subscription's language, its dates on the subscriber's clock.
  const recipient = mailFormats(subscription);
  const taxedForRecipient = (amount: number) => {
    const rate = renewalTaxRate(subscription, purchase);
    // A business charged no VAT is told who accounts for it.
    if (rate.exemption) return amountWithTax(recipient.words, amount, subscription.currencyCode, 'exempt');
    const written = recipient.money(amount, subscription.currencyCode);
    return rate.rate > 0 ? recipient.words.t('mail.amount.taxIncluded', { amount: written }) : written;
  };
  return {
    receipt(renewal: { invoiceNumber: string; total: number; period: { start: string; end: string }; recovered: boolean }): MailMessage {
      const { words, date, money } = recipient;
      const content = renewalReceipt(
        {
          ...common,
          invoiceNumber: renewal.invoiceNumber,
          invoiceAttached: true,
          amountPaid: money(renewal.total, subscription.currencyCode),
          period: words.t('mail.receipt.period', { start: date(renewal.period.start), end: date(renewal.period.end) }),
          nextChargeDate: date(renewal.period.end),
          recovered: renewal.recovered,
          accountUrl,
          cancelUrl: `${site}/cancel${mode}`,
        },
        words,
      );
      return { ...head, kind: 'renewal-receipt', ...content, attachment: { kind: 'invoice', number: renewal.invoiceNumber } };
    },
    failed(total: number, code: PaymentFailureCode, status: 'failed' | 'requires_action', dunning: FailedTry): MailMessage {
      const { words, date, money } = recipient;
      const { t } = words;
      // A wallet's payment method is changed at the wallet; a card's on our card page, which charges it at once.
      const declared = renewalOfMethod(subscription.paymentMethod);
      const declaredWords = declared.pastDue;
      const wallet = declaredWords
        ? {
            reason: t(declaredWords.reason),
            next: declaredWords.next ? t(declaredWords.next) : null,
            ourDates: declaredWords.ourDates,
            fix: t(declaredWords.fix),
            label: t(declaredWords.label),
          }
        : null;
      const change = declared.paymentChange;
      const awaitsBank = status === 'requires_action';
      const ourNext = dunning.retryAt
        ? t('mail.renewalFailed.next.retry', { date: date(dunning.retryAt) })
        : t(awaitsBank ? 'mail.renewalFailed.next.awaitsBank' : 'mail.renewalFailed.next.noRetry');
      const cardPage = `${site}${cardPagePath(subscription.id, subscription.livemode)}`;
      const content = renewalFailed(
        {
          ...common,
          amount: money(total, subscription.currencyCode),
          // The failures catalogue's whole sentence for a renewal mail: the one wording of a failure.
          reason: wallet?.reason ?? t(failureInMail(code, status)),
          next: wallet?.next ?? (wallet && !dunning.retryAt ? t('mail.renewalFailed.next.walletNoRetry') : ourNext),
          accessUntil: wallet && !wallet.ourDates ? null : date(dunning.graceUntil),
          endsOn: wallet && !wallet.ourDates ? null : date(dunning.endsAt),
          fix:
            wallet && change.where === 'provider'
              ? { text: wallet.fix, label: wallet.label, href: change.url(subscription.livemode) }
              : awaitsBank
                ? { text: t('mail.renewalFailed.fix.confirm'), label: t('mail.renewalFailed.fix.confirmLabel'), href: cardPage }
                : { text: t('mail.renewalFailed.fix.card'), label: t('mail.renewalFailed.fix.cardLabel'), href: cardPage },
          accountUrl,
        },
        words,
      );
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
          paymentMethod: paymentMethodName(subscription.payment, recipient.words),
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
      const { words, date } = recipient;
      const content = cardNeeded(
        {
          ...common,
          renewsOn: date(notice.renewsOn),
          amount: taxedForRecipient(notice.amount),
          accessUntil: date(notice.ifUnpaid.graceUntil),
          endsOn: date(notice.ifUnpaid.endsAt),
          cardUrl: `${site}${cardPagePath(subscription.id, subscription.livemode)}`,
          accountUrl,
          cancelUrl: `${site}/cancel${mode}`,
        },
        words,
      );
      return { ...head, kind: 'card-needed', ...content };
    },
    ended(): MailMessage {
      return { ...head, kind: 'renewal-ended', ...renewalEnded({ ...common, accountUrl }, recipient.words) };
    },
  };
}
