import type { Words } from '@/lib/i18n/words';
import type { MailContent } from '@/lib/server/mail/MailMessage';
import { englishMailWords } from '@/lib/server/mail/mailRecipient';
import { renderHtml, renderText, type MailLayout } from './layout';

/**
 * A template's result: the subject on one line (it is a header; a no-break space before a
 * French colon stays one), both parts, and the main link. The layout's own words (the
 * footer's links) are the recipient's; English for a template that does not know them yet.
 */
export function mailContent(subject: string, layout: MailLayout, link: string | null, words: Words = englishMailWords()): MailContent {
  return {
    subject: subject.replace(/[^\S\u00a0\u202f]+/g, ' ').trim(),
    text: renderText(layout, words),
    html: renderHtml(layout, words),
    link,
  };
}
