import type { MailContent } from '@/lib/server/mail/MailMessage';
import type { MailBrand } from './mailLook';
import { mailContent } from './mailContent';
import { testNotice, testSubject } from './testMode';

export interface RenewalEndedInput {
  brand: MailBrand;
  offerName: string;
  livemode: boolean;
  /** Where they can subscribe again (the account lists their subscriptions and the brand's offers). */
  accountUrl: string;
}

/** A subscription ended because its renewal could not be paid after the last try. */
export function renewalEnded({ brand, offerName, livemode, accountUrl }: RenewalEndedInput): MailContent {
  return mailContent(
    testSubject(livemode, `Your ${brand.name} subscription has ended`),
    {
      brand,
      heading: 'Your subscription has ended',
      preheader: `${offerName} ended because its renewal could not be paid.`,
      blocks: [
        ...testNotice(livemode),
        {
          type: 'paragraph',
          text: `We could not charge the renewal of ${offerName}, so it has ended. Nothing more will be charged.`,
        },
        { type: 'paragraph', text: 'You can see it, and your invoices, in your account:' },
        { type: 'button', label: 'Go to your account', href: accountUrl },
      ],
      footer: { accountUrl, why: `You received this e-mail because your ${brand.name} subscription ended.` },
    },
    accountUrl,
  );
}
