import type { Words } from '@/lib/i18n/words';
import type { MailContent } from '@/lib/server/mail/MailMessage';
import { englishMailWords } from '@/lib/server/mail/mailRecipient';
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

/** Confirms that a cancelled subscription was resumed: it renews again, and when and for how much. In the subscriber's words (`words`). */
export function resumed(
  { brand, offerName, livemode, nextChargeDate, amount, accountUrl }: ResumedInput,
  words: Words = englishMailWords(),
): MailContent {
  const { t } = words;
  return mailContent(
    testSubject(livemode, t('mail.resumed.subject', { brand: brand.name }), words),
    {
      brand,
      heading: t('mail.resumed.heading'),
      preheader: t('mail.resumed.preheader', { offer: offerName, date: nextChargeDate }),
      blocks: [
        ...testNotice(livemode, t('mail.test.subscription')),
        { type: 'paragraph', text: t('mail.resumed.intro', { offer: offerName }) },
        {
          type: 'facts',
          rows: [
            { label: t('mail.fact.nextCharge'), value: nextChargeDate },
            { label: t('mail.fact.amount'), value: amount },
          ],
        },
        { type: 'paragraph', text: t('mail.resumed.manage') },
        { type: 'button', label: t('mail.cancel.account'), href: accountUrl },
      ],
      footer: { accountUrl, why: t('mail.resumed.why', { brand: brand.name }) },
    },
    accountUrl,
    words,
  );
}
