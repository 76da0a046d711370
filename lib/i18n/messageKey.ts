import type common from '@/messages/en/common.json';
import type failures from '@/messages/en/failures.json';
import type methods from '@/messages/en/methods.json';
import type offer from '@/messages/en/offer.json';
import type price from '@/messages/en/price.json';

/**
 * Every message id, from the English catalogues (the source the others translate): a key
 * that no catalogue has does not compile. Types only, so no catalogue enters a bundle here.
 */
export type MessageKey = keyof typeof common | keyof typeof offer | keyof typeof price | keyof typeof methods | keyof typeof failures;

/** Values a message's placeholders take: text and numbers (plural and select choose by them). */
export type MessageValues = Readonly<Record<string, string | number>>;

/** A sentence not worded yet: what a view model or an error carries to the edge, which words it. */
export interface MessageDescriptor {
  id: MessageKey;
  values?: MessageValues;
}
