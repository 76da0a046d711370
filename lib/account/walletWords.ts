import type { MessageKey } from '@/lib/i18n/messageKey';
import type { WalletId } from '@/lib/payments/methods';

/**
 * How the account words a wallet's subscription, in the reader's language: where its payment
 * method is changed (at the wallet), and when a renewal is unpaid, the wallet's reason, what
 * it does next (null: our schedule says it) and what to do there. The same as the wallet's
 * renewal declaration says in English (lib/payments/<provider>/…Renewal.ts); a wallet added
 * without its words does not compile.
 */
export interface WalletWords {
  note: MessageKey;
  pastDue: { reason: MessageKey; next: MessageKey | null; fix: MessageKey; label: MessageKey };
}

export const WALLET_WORDS: Readonly<Record<WalletId, WalletWords>> = {
  paypal: {
    note: 'account.wallet.paypal.note',
    pastDue: {
      reason: 'account.wallet.paypal.reason',
      next: 'account.wallet.paypal.next',
      fix: 'account.wallet.paypal.fix',
      label: 'account.wallet.paypal.label',
    },
  },
  'amazon-pay': {
    note: 'account.wallet.amazon-pay.note',
    pastDue: {
      reason: 'account.wallet.amazon-pay.reason',
      next: null,
      fix: 'account.wallet.amazon-pay.fix',
      label: 'account.wallet.amazon-pay.label',
    },
  },
};
