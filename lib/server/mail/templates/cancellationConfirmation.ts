import type { Words } from '@/lib/i18n/words';
import type { MailContent } from '@/lib/server/mail/MailMessage';
import { englishMailWords } from '@/lib/server/mail/mailRecipient';
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

/**
 * Confirms a cancellation the subscriber made: it will not renew, access lasts until the end
 * of the paid period, and it can be taken back. In the subscriber's words (`words`).
 */
export function cancellationConfirmation(
  { brand, offerName, livemode, accessEndsAt, accountUrl, resumeUrl }: CancellationConfirmationInput,
  words: Words = englishMailWords(),
): MailContent {
  const { t } = words;
  return mailContent(
    testSubject(livemode, t('mail.cancelled.subject', { brand: brand.name }), words),
    {
      brand,
      heading: t('mail.cancelled.heading'),
      preheader: t('mail.cancelled.preheader', { offer: offerName, accessEndsAt }),
      blocks: [
        ...testNotice(livemode, t('mail.test.subscription')),
        { type: 'paragraph', text: t('mail.cancelled.intro', { offer: offerName }) },
        { type: 'facts', rows: [{ label: t('mail.fact.accessUntil'), value: accessEndsAt }] },
        { type: 'paragraph', text: t('mail.cancelled.changedMind') },
        { type: 'button', label: t('mail.cancelled.resume'), href: resumeUrl },
      ],
      footer: { accountUrl, why: t('mail.cancelled.why', { brand: brand.name }) },
    },
    resumeUrl,
    words,
  );
}
