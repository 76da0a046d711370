import type { Words } from '@/lib/i18n/words';
import type { MailContent } from '@/lib/server/mail/MailMessage';
import { englishMailWords } from '@/lib/server/mail/mailRecipient';
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
 * In the subscriber's words (`words`).
 */
export function endedByCare(
  { brand, offerName, livemode, endedAt, accountUrl }: EndedByCareInput,
  words: Words = englishMailWords(),
): MailContent {
  const { t } = words;
  return mailContent(
    testSubject(livemode, t('mail.endedByCare.subject', { brand: brand.name }), words),
    {
      brand,
      heading: t('mail.endedByCare.heading'),
      preheader: t('mail.endedByCare.preheader', { offer: offerName, endedAt }),
      blocks: [
        ...testNotice(livemode, t('mail.test.subscription')),
        { type: 'paragraph', text: t('mail.endedByCare.intro', { offer: offerName, endedAt }) },
        { type: 'paragraph', text: t('mail.endedByCare.refund') },
        { type: 'paragraph', text: t('mail.endedByCare.invoices') },
        { type: 'button', label: t('mail.cancel.account'), href: accountUrl },
      ],
      footer: { accountUrl, why: t('mail.endedByCare.why', { brand: brand.name }) },
    },
    accountUrl,
    words,
  );
}
