import type { Words } from '@/lib/i18n/words';
import { englishMailWords } from '@/lib/server/mail/mailRecipient';
import type { MailBlock } from './layout';

/**
 * Every mail about a test-mode order or subscription says so, in its subject and its body,
 * so that nobody takes a QA purchase, renewal or change for a real one.
 */
export function testSubject(livemode: boolean, subject: string, words: Words = englishMailWords()): string {
  return livemode ? subject : words.t('mail.test.subject', { subject });
}

/** The body's sentence: what was done in test mode (by default, a test subscription). */
export function testNotice(livemode: boolean, text = englishMailWords().t('mail.test.subscription')): MailBlock[] {
  return livemode ? [] : [{ type: 'paragraph', text }];
}
