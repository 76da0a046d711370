import type { RenewalDeclaration } from '@/lib/payments/renewalDeclaration';

/**
 * Amazon Pay's renewals are ours, charged on its recurring charge permission. Its hard
 * decline sends the buyer to their Amazon account to change the payment method, which we
 * cannot see: it is tried again on our schedule, so that the next try charges the new one.
 */
export const amazonPayRenewal: RenewalDeclaration = {
  scheduledBy: 'us',
  retriesHardDecline: (code) => code === 'wallet_declined',
  pastDue: {
    reason: 'failures.wallet.amazon-pay.reason',
    next: null,
    ourDates: true,
    fix: 'failures.wallet.amazon-pay.fix',
    label: 'failures.wallet.amazon-pay.label',
  },
  paymentChange: {
    where: 'provider',
    note: 'account.wallet.amazon-pay.note',
    url: () => 'https://pay.amazon.com/',
  },
};
