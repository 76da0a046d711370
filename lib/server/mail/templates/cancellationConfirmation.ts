import type { MailContent } from '@/lib/server/mail/MailMessage';
import type { MailBrand } from './mailLook';
import { mailContent } from './mailContent';
import { testNotice, testSubject } from './testMode';

export interface CancellationConfirmationInput {
  brand: MailBrand;
  offerName: string;
  /** False for a test-mode subscription: the subject and the body say it is a test. */
  livemode: boolean;
  /** Formatted date and time the access ends. */
  accessEndsAt: string;
  accountUrl: string;
  /** Where the subscriber takes the cancellation back. */
  resumeUrl: string;
}

/** Confirms a cancellation the subscriber made: it will not renew, access lasts until the end of the paid period, and it can be taken back. */
export function cancellationConfirmation({
  brand,
  offerName,
  livemode,
  accessEndsAt,
  accountUrl,
  resumeUrl,
}: CancellationConfirmationInput): MailContent {
  return mailContent(
    testSubject(livemode, `Your ${brand.name} subscription is cancelled`),
    {
      brand,
      heading: 'Your subscription is cancelled',
      preheader: `${offerName} will not renew. You keep access until ${accessEndsAt}.`,
      blocks: [
        ...testNotice(livemode),
        { type: 'paragraph', text: `You cancelled ${offerName}. It will not renew.` },
        { type: 'facts', rows: [{ label: 'Access until', value: accessEndsAt }] },
        { type: 'paragraph', text: 'Changed your mind? You can resume your subscription:' },
        { type: 'button', label: 'Resume my subscription', href: resumeUrl },
      ],
      footer: { accountUrl, why: `You received this e-mail because you cancelled a ${brand.name} subscription.` },
    },
    resumeUrl,
  );
}
