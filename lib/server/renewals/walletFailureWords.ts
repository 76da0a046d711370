import type { MessageKey } from '@/lib/i18n/messageKey';
import type { PastDueWording } from '@/lib/payments/renewalDeclaration';
import type { Words } from '@/lib/i18n/words';

interface WalletMailKeys {
  reason: MessageKey;
  /** Null where the declaration has none: our own schedule says what happens next. */
  next: MessageKey | null;
  fix: MessageKey;
  label: MessageKey;
}

/**
 * The renewal-failed mail's words for a wallet whose provider words its past due (its
 * declaration's `pastDue`), by payment method: the English is the declaration's, word for word
 * (walletFailureWords.test.ts holds them together, and fails for a wallet that declares
 * past-due words and has none here).
 */
export const WALLET_FAILURE_MAIL: Readonly<Record<string, WalletMailKeys>> = {
  paypal: {
    reason: 'mail.renewalFailed.wallet.paypal.reason',
    next: 'mail.renewalFailed.wallet.paypal.next',
    fix: 'mail.renewalFailed.wallet.paypal.fix',
    label: 'mail.renewalFailed.wallet.paypal.label',
  },
  'amazon-pay': {
    reason: 'mail.renewalFailed.wallet.amazon-pay.reason',
    next: null,
    fix: 'mail.renewalFailed.wallet.amazon-pay.fix',
    label: 'mail.renewalFailed.wallet.amazon-pay.label',
  },
};

/** A wallet's past-due words in the subscriber's language; the declaration's own (English) for a wallet the catalogue lacks. */
export function walletFailureWords(method: string, declared: PastDueWording, words: Words): PastDueWording {
  const keys = Object.hasOwn(WALLET_FAILURE_MAIL, method) ? WALLET_FAILURE_MAIL[method] : undefined;
  if (!keys) return declared;
  return {
    reason: words.t(keys.reason),
    next: keys.next ? words.t(keys.next) : null,
    ourDates: declared.ourDates,
    fix: words.t(keys.fix),
    label: words.t(keys.label),
  };
}
