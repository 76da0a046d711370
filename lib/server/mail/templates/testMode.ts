import type { MailBlock } from './layout';

/**
 * Every mail about a test-mode order or subscription says so, in its subject and its body,
 * so that nobody takes a QA purchase, renewal or change for a real one.
 */
export function testSubject(livemode: boolean, subject: string): string {
  return livemode ? subject : `[Test] ${subject}`;
}

/** The body's sentence: what was done in test mode (by default, a test subscription). */
export function testNotice(livemode: boolean, text = 'This is a test subscription: no real payment is taken.'): MailBlock[] {
  return livemode ? [] : [{ type: 'paragraph', text }];
}
