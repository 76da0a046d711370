import type { Words } from '@/lib/i18n/words';
import type { MailContent } from '@/lib/server/mail/MailMessage';
import { englishMailWords } from '@/lib/server/mail/mailRecipient';
import type { MailBrand } from './mailLook';
import { mailContent } from './mailContent';
import { testNotice, testSubject } from './testMode';

export interface CancelRequestInput {
  brand: MailBrand;
  offerName: string;
  /** False for a test-mode subscription: the subject and the body say it is a test. */
  livemode: boolean;
  /** Formatted date and time the access ends. */
  accessEndsAt: string;
  /** The one-click link that takes the cancellation back. */
  keepUrl: string;
}

/**
 * Sent to the subscriber after someone cancelled from the public cancel page, where no one
 * signs in: it was cancelled, and if that was not them, one click keeps the subscription.
 * In the subscriber's words (`words`).
 */
export function cancelRequest(
  { brand, offerName, livemode, accessEndsAt, keepUrl }: CancelRequestInput,
  words: Words = englishMailWords(),
): MailContent {
  const { t } = words;
  return mailContent(
    testSubject(livemode, t('mail.cancelRequest.subject', { brand: brand.name }), words),
    {
      brand,
      heading: t('mail.cancelRequest.heading'),
      preheader: t('mail.cancelRequest.preheader'),
      blocks: [
        ...testNotice(livemode, t('mail.test.subscription')),
        { type: 'paragraph', text: t('mail.cancelRequest.intro', { offer: offerName, brand: brand.name, accessEndsAt }) },
        { type: 'paragraph', text: t('mail.cancelRequest.ifYou') },
        { type: 'paragraph', text: t('mail.cancelRequest.ifNotYou') },
        { type: 'button', label: t('mail.cancelRequest.keep'), href: keepUrl, spelledOut: true },
      ],
      footer: { why: t('mail.cancelRequest.why', { brand: brand.name }) },
    },
    keepUrl,
    words,
  );
}
