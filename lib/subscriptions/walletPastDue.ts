import type { WalletId } from '@/lib/payments/methods';

/**
 * What a wallet subscriber is told when a renewal did not go through, in the account and
 * the e-mail. A wallet's payment method is changed at the wallet, never on our card page:
 * - PayPal renews by itself: it tries again on its own schedule and suspends the
 *   subscription when it gives up (which ends ours); the buyer updates the payment method in
 *   their PayPal account, under Automatic payments.
 * - Amazon Pay's renewals are ours: its refusal sends the buyer to their Amazon account to
 *   change the payment method, and our next try charges the new one.
 */
export interface WalletPastDue {
  reason: string;
  /** What happens next; null: our own schedule says it (the date of our next try). */
  next: string | null;
  /** Whether our dates (access until, ends on) hold: not where the provider decides. */
  ourDates: boolean;
  fix: string;
  label: string;
}

export const WALLET_PAST_DUE: Record<WalletId, WalletPastDue> = {
  paypal: {
    reason: 'PayPal could not take the payment.',
    next: 'PayPal will try again in the next days; you keep access meanwhile, and if PayPal cannot take it, the subscription ends.',
    ourDates: false,
    fix: 'Update the payment method in your PayPal account, under Automatic payments: PayPal takes its next try from it.',
    label: 'Go to your PayPal account',
  },
  'amazon-pay': {
    reason: 'Amazon Pay declined the payment.',
    next: null,
    ourDates: true,
    fix: 'Change the payment method in your Amazon account, under Amazon Pay: our next try charges it.',
    label: 'Go to your Amazon Pay account',
  },
};

/** Where the buyer changes a wallet's payment method: PayPal's automatic payments (its sandbox's for test mode), Amazon Pay's account. */
export function walletAccountUrl(wallet: WalletId, livemode: boolean): string {
  if (wallet === 'paypal') return `https://www.${livemode ? '' : 'sandbox.'}paypal.com/myaccount/autopay/`;
  return 'https://pay.amazon.com/';
}
