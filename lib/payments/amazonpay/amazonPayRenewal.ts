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
    reason: 'Amazon Pay declined the payment.',
    next: null,
    ourDates: true,
    fix: 'Change the payment method in your Amazon account, under Amazon Pay: our next try charges it.',
    label: 'Go to your Amazon Pay account',
  },
  paymentChange: {
    where: 'provider',
    note: 'To pay another way, change the payment method in your Amazon account, under Amazon Pay.',
    url: () => 'https://pay.amazon.com/',
  },
};
