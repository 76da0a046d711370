/**
 * What the visitor must do before a payment completes: authenticate with their bank, or
 * approve the payment at their wallet.
 *
 * - `redirect`: leave for a page (the sandbox bank, a sandbox wallet) that sends them back.
 * - `stripe_sdk`: Stripe.js authenticates in the page.
 * - `paypal_approval`: the PayPal buttons' popup approves this order or subscription.
 * - `amazon_pay_checkout`: Amazon Pay's button starts checkout with this signed session
 *   config; `payloadJSON` is the exact string that was signed, with `algorithm` (Amazon
 *   assumes the legacy one without it, and the signature then fails).
 */
export type NextAction =
  | { type: 'redirect'; url: string }
  | { type: 'stripe_sdk'; clientSecret: string }
  | { type: 'paypal_approval'; flow: 'order'; orderId: string }
  | { type: 'paypal_approval'; flow: 'subscription'; subscriptionId: string }
  | { type: 'amazon_pay_checkout'; payloadJSON: string; signature: string; publicKeyId: string; algorithm: 'AMZN-PAY-RSASSA-PSS-V2' };
