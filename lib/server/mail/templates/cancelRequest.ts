import type { MailContent } from '@/lib/server/mail/MailMessage';
import type { MailBrand } from './mailLook';
import { mailContent } from './mailContent';
import { testNotice, testSubject } from './testMode';

export interface CancelRequestInput {
  brand: MailBrand;
  offerName: string;
  /** False for a test-mode subscription: the subject and the body say it is a test. */
  livemode: boolean;
  /** Formatted date and time the access ends. */
  accessEndsAt: string;
  /** The one-click link that takes the cancellation back. */
  keepUrl: string;
}

/**
 * Sent to the subscriber after someone cancelled from the public cancel page, where no one
 * signs in: it was cancelled, and if that was not them, one click keeps the subscription.
 */
export function cancelRequest({ brand, offerName, livemode, accessEndsAt, keepUrl }: CancelRequestInput): MailContent {
  return mailContent(
    testSubject(livemode, `Your ${brand.name} subscription was cancelled`),
    {
      brand,
      heading: 'Your subscription was cancelled',
      preheader: `If it was not you, keep your subscription with one click.`,
      blocks: [
        ...testNotice(livemode),
        {
          type: 'paragraph',
          text: `Your subscription to ${offerName} was cancelled on the ${brand.name} cancellation page. It will not renew. You keep access until ${accessEndsAt}.`,
        },
        { type: 'paragraph', text: 'If it was you, there is nothing more to do.' },
        { type: 'paragraph', text: 'If it was not you, or you changed your mind, keep your subscription with one click:' },
        { type: 'button', label: 'Keep my subscription', href: keepUrl, spelledOut: true },
      ],
      footer: { why: `You received this e-mail because a ${brand.name} subscription of this address was cancelled.` },
    },
    keepUrl,
  );
}
