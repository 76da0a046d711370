import type { MailContent } from '@/lib/server/mail/MailMessage';
import type { MailBrand } from './mailLook';
import { mailContent } from './mailContent';
import { testNotice, testSubject } from './testMode';

export interface RenewalNoticeInput {
  brand: MailBrand;
  offerName: string;
  livemode: boolean;
  /** `renewal`: the subscription renews soon; `yearly-reminder`: a reminder of its terms; `price-change`: its renewal price changes. */
  kind: 'renewal' | 'yearly-reminder' | 'price-change';
  /** A price change's price until then, formatted; null otherwise. */
  previousAmount: string | null;
  /** Formatted date of the next charge. */
  renewsOn: string;
  /** Formatted, with its currency and tax: "$50.00 (tax included)". */
  amount: string;
  /** How it is paid: "Visa ending in 4242", "PayPal". */
  paymentMethod: string;
  /** Formatted date an introductory price (or free trial) ends at this renewal; null when it is not one. */
  introductoryEndsOn: string | null;
  /** The introductory period is a free trial (it is said so), not a promotional price. */
  trial?: boolean;
  /** The renewal terms the buyer agreed to, word for word. */
  renewalTerms: string;
  /**
   * Formatted last day on which the subscriber may refuse a tacit renewal (France, Code de la
   * consommation L215-1), which the notice must state; null where the law asks for none.
   */
  refuseBy?: string | null;
  accountUrl: string;
  cancelUrl: string;
}

/**
 * The notices the law requires before a renewal (California as amended by AB 2863, New
 * York GBL 527-a, France's L215-1): what will be charged, when and how, an introductory price
 * ending, the terms as agreed, how to cancel before it, and, for a tacit renewal, until
 * when it may be refused.
 */
export function renewalNotice(input: RenewalNoticeInput): MailContent {
  const { brand, offerName, accountUrl, cancelUrl } = input;
  const subject = testSubject(
    input.livemode,
    {
      renewal: `Your ${brand.name} subscription renews on ${input.renewsOn}`,
      'yearly-reminder': `A yearly reminder of your ${brand.name} subscription`,
      'price-change': `The price of your ${brand.name} subscription changes on ${input.renewsOn}`,
    }[input.kind],
  );
  const opening = {
    renewal: input.introductoryEndsOn
      ? input.trial
        ? `Your free trial of ${offerName} ends on ${input.introductoryEndsOn}. Your subscription then starts automatically at its regular price, unless you cancel before.`
        : `Your introductory price for ${offerName} ends on ${input.introductoryEndsOn}. Your subscription then renews automatically at its regular price.`
      : `${offerName} renews automatically on ${input.renewsOn}.`,
    'yearly-reminder': `Once a year we remind you of the terms of ${offerName} and how to cancel it. Nothing changes unless you cancel.`,
    'price-change': `The price of ${offerName} changes from ${input.previousAmount ?? ''} to ${input.amount} from its renewal on ${input.renewsOn}. Until then you keep your current price.`,
  }[input.kind];
  return mailContent(
    subject,
    {
      brand,
      heading: {
        renewal: 'Your subscription renews soon',
        'yearly-reminder': 'Your subscription: a yearly reminder',
        'price-change': 'Your subscription’s price changes',
      }[input.kind],
      preheader: `${offerName}: ${input.amount} on ${input.renewsOn}. You can cancel before then.`,
      blocks: [
        ...testNotice(input.livemode),
        { type: 'paragraph', text: opening },
        {
          type: 'facts',
          rows: [
            { label: 'Subscription', value: offerName },
            { label: 'Next charge', value: input.renewsOn },
            { label: 'Amount', value: input.amount },
            { label: 'Paid with', value: input.paymentMethod },
            ...(input.refuseBy ? [{ label: 'Refuse the renewal by', value: input.refuseBy }] : []),
          ],
        },
        { type: 'verbatim', heading: 'Your renewal terms', lines: input.renewalTerms.split(/\r?\n/) },
        { type: 'heading', text: 'How to cancel' },
        {
          type: 'paragraph',
          text: input.refuseBy
            ? `Your subscription renews tacitly unless you refuse: you may refuse this renewal until ${input.refuseBy}. Cancel by then and it does not renew, and nothing more is charged. You can cancel online, in your account:`
            : `Cancel before ${input.renewsOn} and nothing more is charged. You can cancel online, in your account:`,
        },
        { type: 'button', label: 'Go to your account', href: accountUrl },
        { type: 'link', text: 'Or cancel without signing in, on this page:', href: cancelUrl },
      ],
      footer: {
        accountUrl,
        cancelUrl,
        why: `You received this e-mail because the law asks us to remind you before your ${brand.name} subscription renews.`,
      },
    },
    accountUrl,
  );
}
