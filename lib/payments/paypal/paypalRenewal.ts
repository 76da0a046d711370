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
    reason: 'PayPal could not take the payment.',
    next: 'PayPal will try again in the next days; you keep access meanwhile, and if PayPal cannot take it, the subscription ends.',
    ourDates: false,
    fix: 'Update the payment method in your PayPal account, under Automatic payments: PayPal takes its next try from it.',
    label: 'Go to your PayPal account',
  },
  paymentChange: {
    where: 'provider',
    note: 'To pay with another card or account, change the payment method in your PayPal account, under Automatic payments.',
    url: (livemode) => `https://www.${livemode ? '' : 'sandbox.'}paypal.com/myaccount/autopay/`,
  },
};
