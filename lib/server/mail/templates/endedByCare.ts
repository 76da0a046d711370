import type { MailContent } from '@/lib/server/mail/MailMessage';
import type { MailBrand } from './mailLook';
import { mailContent } from './mailContent';
import { testNotice, testSubject } from './testMode';

export interface EndedByCareInput {
  brand: MailBrand;
  offerName: string;
  /** False for a test-mode subscription: the subject and the body say it is a test. */
  livemode: boolean;
  /** Formatted date and time it ended. */
  endedAt: string;
  accountUrl: string;
}

/**
 * Tells a subscriber that customer care ended their subscription at once: it will not renew
 * and access has ended. A refund, if care makes one, is its own e-mail (RefundService).
 */
export function endedByCare({ brand, offerName, livemode, endedAt, accountUrl }: EndedByCareInput): MailContent {
  return mailContent(
    testSubject(livemode, `Your ${brand.name} subscription has ended`),
    {
      brand,
      heading: 'Your subscription has ended',
      preheader: `${offerName} ended on ${endedAt}.`,
      blocks: [
        ...testNotice(livemode),
        {
          type: 'paragraph',
          text: `Our customer care team ended ${offerName} on ${endedAt}. It will not renew, nothing more will be charged for it, and your access has ended.`,
        },
        { type: 'paragraph', text: 'If a refund is made, you will receive a separate e-mail about it.' },
        { type: 'paragraph', text: 'Your account keeps its invoices:' },
        { type: 'button', label: 'Go to your account', href: accountUrl },
      ],
      footer: { accountUrl, why: `You received this e-mail because a ${brand.name} subscription of yours was ended.` },
    },
    accountUrl,
  );
}
