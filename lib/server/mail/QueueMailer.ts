import type { Kysely } from 'kysely';
import type { Database } from '@/lib/server/db/schema';
import type { Mailer } from '@/lib/server/identity/Mailer';
import type { MailMessage } from './MailMessage';
import { enqueueMail } from './OutboxRepository';

/**
 * Sends a mail that reports no change of its own (a sign-in link): queued on the database
 * (committed at once), then the mail job kicked so that it goes out now. The caller does not
 * wait for the delivery: the queue owns it from here, retries included.
 */
export class QueueMailer implements Mailer {
  constructor(
    private readonly db: Kysely<Database>,
    /** Asks for a drain of the queue soon (MailServices.kick). */
    private readonly kick: () => Promise<void>,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async send(mail: MailMessage): Promise<void> {
    await enqueueMail(this.db, mail, this.clock());
    void this.kick();
  }
}
