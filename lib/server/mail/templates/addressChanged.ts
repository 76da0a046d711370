import type { MailContent } from '@/lib/server/mail/MailMessage';
import type { MailBrand } from './mailLook';
import { mailContent } from './mailContent';
import { testNotice, testSubject } from './testMode';

export interface AddressChangedInput {
  brand: MailBrand;
  offerName: string;
  /** False for a test-mode subscription: the subject and the body say it is a test. */
  livemode: boolean;
  /** The new delivery address, a line each. */
  addressLines: readonly string[];
  accountUrl: string;
}

/** Tells the subscriber their delivery address changed, and what it is now, so that a change they did not make is noticed. */
export function addressChanged({ brand, offerName, livemode, addressLines, accountUrl }: AddressChangedInput): MailContent {
  return mailContent(
    testSubject(livemode, `Your ${brand.name} delivery address was changed`),
    {
      brand,
      heading: 'Your delivery address was changed',
      preheader: `The new delivery address of ${offerName}.`,
      blocks: [
        ...testNotice(livemode),
        { type: 'paragraph', text: `The delivery address of ${offerName} is now:` },
        { type: 'verbatim', heading: 'New delivery address', lines: addressLines },
        { type: 'paragraph', text: 'If you did not make this change, check your account:' },
        { type: 'button', label: 'Go to your account', href: accountUrl },
      ],
      footer: { accountUrl, why: `You received this e-mail because the delivery address of a ${brand.name} subscription was changed.` },
    },
    accountUrl,
  );
}
