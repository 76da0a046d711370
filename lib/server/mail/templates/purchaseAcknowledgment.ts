import type { MailContent } from '@/lib/server/mail/MailMessage';
import type { MailBrand } from './mailLook';
import { mailContent } from './mailContent';
import { testNotice, testSubject } from './testMode';

export type PurchaseAcknowledgmentInput = {
  brand: MailBrand;
  offerName: string;
  /** False for a test-mode purchase: the mail says no real payment was taken. */
  livemode: boolean;
  invoiceNumber: string;
  /** Formatted, with its currency: "$4.99". */
  amountPaid: string;
  /** The auto-renewal terms the buyer agreed to, word for word: shown exactly so. */
  renewalTerms: string;
  /** Where the subscriber signs in to manage or cancel. */
  accountUrl: string;
  /** Where anyone can cancel without signing in. */
  cancelUrl: string;
} & (
  | { /** Formatted date of the next charge. */ nextChargeDate: string; trialEndsOn?: undefined }
  | { /** Formatted date the free trial ends. */ trialEndsOn: string; nextChargeDate?: undefined }
);

/**
 * The acknowledgment a buyer keeps (New York GBL 527-a, California's ARL): what was bought
 * and paid, the renewal terms exactly as agreed, and how to cancel, online in the account
 * or without signing in.
 */
export function purchaseAcknowledgment(input: PurchaseAcknowledgmentInput): MailContent {
  const { brand, offerName, accountUrl, cancelUrl } = input;
  const subject = testSubject(input.livemode, `Your ${brand.name} subscription: ${offerName}`);
  const next =
    input.trialEndsOn !== undefined
      ? { label: 'Free trial ends', value: input.trialEndsOn }
      : { label: 'Next charge', value: input.nextChargeDate };
  return mailContent(
    subject,
    {
      brand,
      heading: 'Thank you for subscribing',
      preheader: `${offerName}: your receipt, your renewal terms and how to cancel.`,
      blocks: [
        ...testNotice(input.livemode, 'This was a test purchase: no real payment was taken.'),
        {
          type: 'paragraph',
          text: `This e-mail confirms your subscription to ${offerName}. Please keep it: it sets out the terms you agreed to and how to cancel.`,
        },
        {
          type: 'facts',
          rows: [
            { label: 'Subscription', value: offerName },
            { label: 'Invoice number', value: input.invoiceNumber },
            { label: 'Amount paid', value: input.amountPaid },
            next,
          ],
        },
        { type: 'verbatim', heading: 'Your renewal terms', lines: input.renewalTerms.split(/\r?\n/) },
        { type: 'heading', text: 'How to cancel' },
        { type: 'paragraph', text: 'You can cancel online, in your account:' },
        { type: 'button', label: 'Go to your account', href: accountUrl },
        { type: 'link', text: 'Or cancel without signing in, on this page:', href: cancelUrl },
      ],
      footer: {
        accountUrl,
        cancelUrl,
        why: `You received this e-mail because you subscribed to ${brand.name} with this address.`,
      },
    },
    accountUrl,
  );
}
