import type { Words } from '@/lib/i18n/words';
import type { MailContent } from '@/lib/server/mail/MailMessage';
import { englishMailWords } from '@/lib/server/mail/mailRecipient';
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

/** A subscription ended because its renewal could not be paid after the last try. In the subscriber's words (`words`). */
export function renewalEnded(
  { brand, offerName, livemode, accountUrl }: RenewalEndedInput,
  words: Words = englishMailWords(),
): MailContent {
  const { t } = words;
  return mailContent(
    testSubject(livemode, t('mail.renewalEnded.subject', { brand: brand.name }), words),
    {
      brand,
      heading: t('mail.renewalEnded.heading'),
      preheader: t('mail.renewalEnded.preheader', { offer: offerName }),
      blocks: [
        ...testNotice(livemode, t('mail.test.subscription')),
        { type: 'paragraph', text: t('mail.renewalEnded.intro', { offer: offerName }) },
        { type: 'paragraph', text: t('mail.renewalEnded.account') },
        { type: 'button', label: t('mail.cancel.account'), href: accountUrl },
      ],
      footer: { accountUrl, why: t('mail.renewalEnded.why', { brand: brand.name }) },
    },
    accountUrl,
    words,
  );
}
