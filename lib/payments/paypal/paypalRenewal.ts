import type { RenewalDeclaration } from '@/lib/payments/renewalDeclaration';

/**
 * PayPal renews by itself: it tries again on its own schedule and suspends the subscription
 * when it gives up (which ends ours); the buyer updates the payment method in their PayPal
 * account, under Automatic payments (its sandbox's for test mode).
 */
export const paypalRenewal: RenewalDeclaration = {
  scheduledBy: 'provider',
  retriesHardDecline: () => false,
  pastDue: {
    reason: 'failures.wallet.paypal.reason',
    next: 'failures.wallet.paypal.next',
    ourDates: false,
    fix: 'failures.wallet.paypal.fix',
    label: 'failures.wallet.paypal.label',
  },
  paymentChange: {
    where: 'provider',
    note: 'account.wallet.paypal.note',
    url: (livemode) => `https://www.${livemode ? '' : 'sandbox.'}paypal.com/myaccount/autopay/`,
  },
};
