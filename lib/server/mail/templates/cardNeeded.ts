import type { MailContent } from '@/lib/server/mail/MailMessage';
import type { MailBrand } from './mailLook';
import { mailContent } from './mailContent';
import { testNotice, testSubject } from './testMode';

export interface CardNeededInput {
  brand: MailBrand;
  offerName: string;
  livemode: boolean;
  /** Formatted date of the renewal. */
  renewsOn: string;
  /** Formatted, with its currency and tax: "$50.00 (tax included)". */
  amount: string;
  /** Formatted dates the renewal's failure would give (the dunning policy): access kept until, and the end. */
  accessUntil: string;
  endsOn: string;
  /** The account's card page for this subscription. */
  cardUrl: string;
  accountUrl: string;
  cancelUrl: string;
}

/**
 * A subscription we are to renew with nothing saved to charge (a card never kept, a record
 * migrated without one): its owner is asked for a card before the renewal, told what happens
 * without one (a hard decline: past due, no retry, then the end), and how to cancel.
 */
export function cardNeeded(input: CardNeededInput): MailContent {
  const { brand, offerName, renewsOn, cardUrl, accountUrl, cancelUrl } = input;
  return mailContent(
    testSubject(input.livemode, `Action needed: add a card to renew your ${brand.name} subscription`),
    {
      brand,
      heading: 'Add a card before your subscription renews',
      preheader: `${offerName} renews on ${renewsOn}, and we hold no payment method to charge.`,
      blocks: [
        ...testNotice(input.livemode),
        {
          type: 'paragraph',
          text: `We hold no payment method that can renew ${offerName}. It renews automatically on ${renewsOn} for ${input.amount}.`,
        },
        {
          type: 'facts',
          rows: [
            { label: 'Subscription', value: offerName },
            { label: 'Renews on', value: renewsOn },
            { label: 'Amount', value: input.amount },
          ],
        },
        {
          type: 'paragraph',
          text: `Add a card before ${renewsOn}: nothing is charged when you add it, and the renewal is charged to it on that day.`,
        },
        { type: 'button', label: 'Add a card', href: cardUrl, spelledOut: true },
        { type: 'heading', text: 'Without a card' },
        {
          type: 'paragraph',
          text: `The renewal cannot be charged on ${renewsOn}, and we will not try again without a card. Your subscription is then past due: you keep access until ${input.accessUntil}. A card added before it ends is charged at once and makes it active again; otherwise it ends on ${input.endsOn}.`,
        },
        { type: 'heading', text: 'How to cancel' },
        {
          type: 'link',
          text: `If you do not want it to renew, cancel before ${renewsOn} and nothing more is charged. You can cancel online, in your account:`,
          href: accountUrl,
        },
        { type: 'link', text: 'Or cancel without signing in, on this page:', href: cancelUrl },
      ],
      footer: {
        accountUrl,
        cancelUrl,
        why: `You received this e-mail because your ${brand.name} subscription is due to renew and we hold no payment method to renew it with.`,
      },
    },
    cardUrl,
  );
}
