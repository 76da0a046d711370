import type { StepId } from '@/lib/journey/steps';

/**
 * The message catalogues are split by namespace (one JSON file per namespace and language in
 * messages/), so that a page carries only its own words: `common` on every page, the rest
 * where they are read.
 */
export const NAMESPACES = [
  'common',
  'price',
  'offer',
  'account',
  'auth',
  'billing',
  'cancel',
  'cart',
  'errors',
  'failures',
  'mail',
  'methods',
  'order',
  'payment',
  'promo',
  'refusals',
  'success',
  'withdraw',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/**
 * Part of a namespace, for a page that reads only some of its keys: its name (for the
 * server's cache) and the keys it keeps.
 */
export interface NamespaceSlice {
  name: string;
  namespace: Namespace;
  keeps(key: string): boolean;
}

/** A page's words: whole namespaces, or slices of them. */
export type PageWords = Namespace | NamespaceSlice;

/**
 * The checkout's wording of payment failures, without the account's, a card change's and
 * the e-mails' (lib/payments/failureWording.ts): the payment step's HTML stays within a
 * first round trip (docs/performance.md).
 */
export const FAILURES_AT_CHECKOUT: NamespaceSlice = {
  name: 'failures.checkout',
  namespace: 'failures',
  keeps: (key) => key.endsWith('.checkout'),
};

/** What each journey step's page carries, besides `common`. */
export const STEP_NAMESPACES: Readonly<Record<StepId, readonly PageWords[]>> = {
  campaign: ['price', 'offer'],
  cart: ['price', 'cart', 'promo', 'order'],
  'promo-code': ['price', 'promo', 'order'],
  'credit-card': ['price', 'promo', 'order', 'payment', 'methods', FAILURES_AT_CHECKOUT],
  'amazon-pay-return': ['price', 'order', 'payment', 'methods', FAILURES_AT_CHECKOUT],
  success: ['price', 'order', 'success'],
  // The sign-in link's request and answer are worded as on the account's sign-in pages.
  'auth-initiate': ['auth', 'account'],
  'auth-complete': ['account'],
};

/**
 * What the subscriber's pages outside the journey carry (the account, cancelling,
 * withdrawing, undoing a purchase), besides `common`: private pages, never cached, where a
 * few kB of words more does not matter and a link between them needs no list of its own.
 */
export const ACCOUNT_NAMESPACES: readonly Namespace[] = ['price', 'failures', 'account', 'billing', 'cancel', 'withdraw'];
