import type { MailContent } from '@/lib/server/mail/MailMessage';
import { renderHtml, renderText, type MailLayout } from './layout';

/** A template's result: the subject on one line (it is a header), both parts, and the main link. */
export function mailContent(subject: string, layout: MailLayout, link: string | null): MailContent {
  return { subject: subject.replace(/\s+/g, ' ').trim(), text: renderText(layout), html: renderHtml(layout), link };
}
