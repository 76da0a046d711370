/** What the visitor must do before a payment completes: authenticate with their bank. */
export type NextAction = { type: 'redirect'; url: string } | { type: 'stripe_sdk'; clientSecret: string };
