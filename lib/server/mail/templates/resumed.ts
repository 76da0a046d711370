import type { MailContent } from '@/lib/server/mail/MailMessage';
import type { MailBrand } from './mailLook';
import { mailContent } from './mailContent';
import { testNotice, testSubject } from './testMode';

export interface ResumedInput {
  brand: MailBrand;
  offerName: string;
  /** False for a test-mode subscription: the subject and the body say it is a test. */
  livemode: boolean;
  /** Formatted date of the next charge. */
  nextChargeDate: string;
  /** Formatted, with its currency: what that charge will be. */
  amount: string;
  accountUrl: string;
}

/** Confirms that a cancelled subscription was resumed: it renews again, and when and for how much. */
export function resumed({ brand, offerName, livemode, nextChargeDate, amount, accountUrl }: ResumedInput): MailContent {
  return mailContent(
    testSubject(livemode, `Your ${brand.name} subscription continues`),
    {
      brand,
      heading: 'Your subscription continues',
      preheader: `${offerName} renews on ${nextChargeDate}.`,
      blocks: [
        ...testNotice(livemode),
        { type: 'paragraph', text: `You resumed ${offerName}: your cancellation is withdrawn and the subscription renews again.` },
        {
          type: 'facts',
          rows: [
            { label: 'Next charge', value: nextChargeDate },
            { label: 'Amount', value: amount },
          ],
        },
        { type: 'paragraph', text: 'You can manage or cancel it in your account:' },
        { type: 'button', label: 'Go to your account', href: accountUrl },
      ],
      footer: { accountUrl, why: `You received this e-mail because you resumed a ${brand.name} subscription.` },
    },
    accountUrl,
  );
}
