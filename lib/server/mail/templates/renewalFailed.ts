import type { MailContent } from '@/lib/server/mail/MailMessage';
import type { MailBrand } from './mailLook';
import { mailContent } from './mailContent';
import { testNotice, testSubject } from './testMode';

export interface RenewalFailedInput {
  brand: MailBrand;
  offerName: string;
  livemode: boolean;
  /** Formatted, with its currency. */
  amount: string;
  /** Why, in the buyer's words (lib/payments/paymentErrors.ts, the bank's request to confirm, the wallet's refusal). */
  reason: string;
  /** What happens next, a sentence: our next try and its date, none, or the provider's own tries. */
  next: string;
  /** Formatted date access ends unless it is paid; null where the provider decides (it tries again by itself). */
  accessUntil: string | null;
  /** Formatted date the subscription ends unless it is paid; null where the provider decides. */
  endsOn: string | null;
  /** The one thing that fixes it: the card page (a new card is charged at once), or the wallet's own account. */
  fix: { text: string; label: string; href: string };
  accountUrl: string;
}

/** A renewal that could not be charged: what happened, what happens next and the one link that fixes it. */
export function renewalFailed(input: RenewalFailedInput): MailContent {
  const { brand, offerName, accountUrl, fix } = input;
  const facts = [
    ...(input.accessUntil ? [{ label: 'Access until', value: input.accessUntil }] : []),
    ...(input.endsOn ? [{ label: 'Ends unless paid by', value: input.endsOn }] : []),
  ];
  return mailContent(
    testSubject(input.livemode, `Action needed: your ${brand.name} payment did not go through`),
    {
      brand,
      heading: 'Your payment did not go through',
      preheader: `${offerName}: ${input.reason}`,
      blocks: [
        ...testNotice(input.livemode),
        {
          type: 'paragraph',
          text: `We could not charge ${input.amount} for the renewal of ${offerName}. ${input.reason} ${input.next}`,
        },
        ...(facts.length > 0 ? [{ type: 'facts' as const, rows: facts }] : []),
        { type: 'paragraph', text: fix.text },
        { type: 'button', label: fix.label, href: fix.href },
      ],
      footer: { accountUrl, why: `You received this e-mail because a payment for your ${brand.name} subscription failed.` },
    },
    fix.href,
  );
}
