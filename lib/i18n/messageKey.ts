import type common from '@/messages/en/common.json';
import type price from '@/messages/en/price.json';
import type offer from '@/messages/en/offer.json';
import type account from '@/messages/en/account.json';
import type auth from '@/messages/en/auth.json';
import type billing from '@/messages/en/billing.json';
import type cancel from '@/messages/en/cancel.json';
import type cart from '@/messages/en/cart.json';
import type errors from '@/messages/en/errors.json';
import type failures from '@/messages/en/failures.json';
import type mail from '@/messages/en/mail.json';
import type methods from '@/messages/en/methods.json';
import type order from '@/messages/en/order.json';
import type payment from '@/messages/en/payment.json';
import type promo from '@/messages/en/promo.json';
import type refusals from '@/messages/en/refusals.json';
import type success from '@/messages/en/success.json';
import type withdraw from '@/messages/en/withdraw.json';

/**
 * Every message id, from the English catalogues (the source the others translate): a key
 * that no catalogue has does not compile. Types only, so no catalogue enters a bundle here.
 */
export type MessageKey =
  | keyof typeof common
  | keyof typeof price
  | keyof typeof offer
  | keyof typeof account
  | keyof typeof auth
  | keyof typeof billing
  | keyof typeof cancel
  | keyof typeof cart
  | keyof typeof errors
  | keyof typeof failures
  | keyof typeof mail
  | keyof typeof methods
  | keyof typeof order
  | keyof typeof payment
  | keyof typeof promo
  | keyof typeof refusals
  | keyof typeof success
  | keyof typeof withdraw;

/** Values a message's placeholders take: text and numbers (plural and select choose by them). */
export type MessageValues = Readonly<Record<string, string | number>>;

/** A sentence not worded yet: what a view model or an error carries to the edge, which words it. */
export interface MessageDescriptor {
  id: MessageKey;
  values?: MessageValues;
}
