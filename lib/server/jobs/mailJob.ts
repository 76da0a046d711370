import type { Kysely } from 'kysely';
import type { Database } from '@/lib/server/db/schema';
import { MAIL_POLL_INTERVAL_MS } from '@/lib/server/mail/mailServices';
import type { MailWorker } from '@/lib/server/mail/MailWorker';
import type { Job } from './Job';
import { backlogsOf } from './jobContext';

/**
 * The mail queue's sends (MailWorker): kicked once a mail is queued, and every
 * MAIL_POLL_INTERVAL_MS for retries and mails other instances queued. A try that failed
 * (to be retried, or the last) is a failure; stopping gives back what it claimed.
 */
export function mailJob(context: { db: Kysely<Database>; clock: () => Date; mail: { worker: MailWorker } }): Job {
  const { worker } = context.mail;
  return {
    name: 'mail',
    intervalMs: MAIL_POLL_INTERVAL_MS,
    async run() {
      const counts = await worker.drain();
      return { items: counts.sent + counts.retried + counts.failed, failures: counts.retried + counts.failed };
    },
    backlog: () => backlogsOf(context).mail(context.clock()),
    stop: () => worker.stop(),
  };
}
