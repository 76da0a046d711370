import type { MailContent } from '@/lib/server/mail/MailMessage';
import type { MailBrand } from './mailLook';
import { mailContent } from './mailContent';
import { testNotice, testSubject } from './testMode';

export interface DuplicatePurchaseInput {
  brand: MailBrand;
  /** What this purchase bought: the offer's name. */
  offerName: string;
  /** What the subscription held already is: its offer's name. */
  earlierOfferName: string;
  /** False for a test-mode purchase: the mail says no real money moved. */
  livemode: boolean;
  /** Formatted, with its currency: "$25.00"; what the undo refunds. */
  amountPaid: string;
  /** Whether anything was charged: a free trial has nothing to refund, the undo only ends it. */
  charged: boolean;
  /** Formatted date of the purchase. */
  purchasedOn: string;
  /** The one-click page that undoes the purchase (it asks before doing anything). */
  undoUrl: string;
  /** How many days the link works. */
  validDays: number;
}

/**
 * Sent when a purchase started a second subscription of a brand that its buyer's address
 * already had: nobody is refused at checkout (that would tell anyone who subscribes), so
 * the buyer learns it here, privately, with a one-click way to undo it with a full refund.
 */
export function duplicatePurchase(input: DuplicatePurchaseInput): MailContent {
  const { brand, undoUrl } = input;
  const undo = input.charged ? `undo it with a full refund of ${input.amountPaid}` : 'undo it: nothing was charged, and nothing will be';
  return mailContent(
    testSubject(input.livemode, `You now have two ${brand.name} subscriptions`),
    {
      brand,
      heading: `You already had a ${brand.name} subscription`,
      preheader: 'This purchase started a second one. If you did not mean to, undo it with one click.',
      blocks: [
        ...testNotice(input.livemode, 'This was a test purchase: no real money moved.'),
        {
          type: 'paragraph',
          text: `You already had a ${brand.name} subscription (${input.earlierOfferName}). Your purchase of ${input.offerName} on ${input.purchasedOn} started a second one, which renews on its own.`,
        },
        {
          type: 'paragraph',
          text: `If you did not mean to buy it twice, ${undo}. The second subscription then ends at once, and your first one stays as it is. The link works for ${input.validDays} days.`,
        },
        { type: 'button', label: 'Undo this purchase', href: undoUrl, spelledOut: true },
        { type: 'paragraph', text: 'If you meant to buy it, there is nothing to do.' },
      ],
      footer: { why: `You received this e-mail because this address bought a ${brand.name} subscription while it already had one.` },
    },
    undoUrl,
  );
}
