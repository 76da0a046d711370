import type { MessageKey } from '@/lib/i18n/messageKey';
import type { PaymentFailureCode } from '@/lib/payments/paymentErrors';

/**
 * What a subscriber is told when a renewal did not go through, in the account and the
 * e-mail, where the provider's words replace ours (a wallet's payment method is changed at
 * the wallet, never on our card page).
 */
export interface PastDueWording {
  reason: MessageKey;
  /** What happens next; null: our own schedule says it (the date of our next try). */
  next: MessageKey | null;
  /** Whether our dates (access until, ends on) hold: not where the provider decides. */
  ourDates: boolean;
  /** What to do at the provider, and the link's words (its address: `paymentChange.url`). */
  fix: MessageKey;
  label: MessageKey;
}

/** Where the subscriber changes what renews the subscription: our card page, or their account at the provider. */
export type PaymentChange =
  | { where: 'card-page' }
  | {
      where: 'provider';
      /** The account's note beside a running subscription. */
      note: MessageKey;
      /** The provider's page for it, in the subscription's mode. */
      url(livemode: boolean): string;
    };

/**
 * How a payment method's subscriptions renew, declared in its provider's folder beside its
 * declaration (lib/payments/<provider>/): the renewal engine, the account and the e-mails
 * read it by method or gateway, and never name a provider.
 */
export interface RenewalDeclaration {
  /**
   * `us`: our renewal engine charges each renewal on our schedule. `provider`: the provider
   * renews by itself (a PayPal subscription); its events move our record, and we only pause,
   * resume and cancel its renewals.
   */
  scheduledBy: 'us' | 'provider';
  /**
   * Whether a hard decline is tried again on our schedule: where the subscriber fixes it at
   * the provider, which we cannot see, the next try charges what they chose.
   */
  retriesHardDecline(code: PaymentFailureCode): boolean;
  /** The provider's past-due words; null: ours, a card's (the card page fixes it). */
  pastDue: PastDueWording | null;
  paymentChange: PaymentChange;
}

/**
 * Renewals we schedule and charge, a hard decline not retried, our words when one fails and
 * our card page to give another card: a card's, and what a method that declares nothing is
 * taken to do.
 */
export const RENEWED_BY_US: RenewalDeclaration = {
  scheduledBy: 'us',
  retriesHardDecline: () => false,
  pastDue: null,
  paymentChange: { where: 'card-page' },
};
