import type { Words } from '@/lib/i18n/words';
import type { MailContent } from '@/lib/server/mail/MailMessage';
import { englishMailWords } from '@/lib/server/mail/mailRecipient';
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

/**
 * Tells the subscriber their delivery address changed, and what it is now, so that a change
 * they did not make is noticed. In the subscriber's words (`words`).
 */
export function addressChanged(
  { brand, offerName, livemode, addressLines, accountUrl }: AddressChangedInput,
  words: Words = englishMailWords(),
): MailContent {
  const { t } = words;
  return mailContent(
    testSubject(livemode, t('mail.addressChanged.subject', { brand: brand.name }), words),
    {
      brand,
      heading: t('mail.addressChanged.heading'),
      preheader: t('mail.addressChanged.preheader', { offer: offerName }),
      blocks: [
        ...testNotice(livemode, t('mail.test.subscription')),
        { type: 'paragraph', text: t('mail.addressChanged.intro', { offer: offerName }) },
        { type: 'verbatim', heading: t('mail.addressChanged.newAddress'), lines: addressLines },
        { type: 'paragraph', text: t('mail.change.notYou') },
        { type: 'button', label: t('mail.cancel.account'), href: accountUrl },
      ],
      footer: { accountUrl, why: t('mail.addressChanged.why', { brand: brand.name }) },
    },
    accountUrl,
    words,
  );
}
