import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '@/lib/server/db/schema';
import type { MailMessage } from '@/lib/server/mail/MailMessage';
import type { MailTransport, OutgoingMail } from '@/lib/server/mail/MailTransport';
import { MailWorker } from '@/lib/server/mail/MailWorker';
import { enqueueMail } from '@/lib/server/mail/OutboxRepository';
import { testDb } from '@/tests/fixtures/testDb';
import { JobRunner } from './JobRunner';
import { mailJob } from './mailJob';

let db: Kysely<Database>;
let clock: number;
const now = () => new Date(clock);

beforeEach(async () => {
  db = await testDb();
  clock = Date.parse('2026-11-21T12:00:00.000Z');
});
afterEach(async () => db.destroy());

const message = (to = 'Ada@Example.com'): MailMessage => ({
  to,
  subject: 'Your Vogue subscription',
  text: 'Thank you for subscribing.',
  html: '<p>Thank you for subscribing.</p>',
  kind: 'purchase-acknowledgment',
  link: 'https://example.com/account',
});

function recordingTransport(): MailTransport & { sent: OutgoingMail[] } {
  const transport = {
    sent: [] as OutgoingMail[],
    async send(mail: OutgoingMail) {
      transport.sent.push(mail);
    },
  };
  return transport;
}

const rows = () => db.selectFrom('outbox').selectAll().orderBy('created_at').orderBy('id').execute();

/** The mail job of `worker` on a runner of its own, polling hourly (the tests kick). */
function mailRunner(worker: MailWorker) {
  const lines: string[] = [];
  const jobs = new JobRunner({ log: (line) => void lines.push(line) });
  const start = () => jobs.start([{ ...mailJob({ db, clock: now, mail: { worker } }), intervalMs: 3_600_000 }]);
  return { jobs, lines, start };
}

describe('mailJob', () => {
  it('ignores kicks until started; once started, a kick sends what was queued, and kicks at once share a drain', async () => {
    const transport = recordingTransport();
    const worker = new MailWorker(db, transport, { clock: now });
    const { jobs, start } = mailRunner(worker);
    await enqueueMail(db, message(), now());
    await jobs.kick('mail');
    expect(transport.sent).toHaveLength(0);

    start();
    try {
      await vi.waitFor(() => expect(transport.sent).toHaveLength(1));
      await jobs.kick('mail');
      const drains = vi.spyOn(worker, 'drainOnce');
      for (let i = 0; i < 3; i += 1) await enqueueMail(db, message(`reader${i}@example.com`), now());
      await Promise.all([jobs.kick('mail'), jobs.kick('mail'), jobs.kick('mail')]);
      expect(transport.sent).toHaveLength(4);
      expect(drains).toHaveBeenCalledTimes(1);
    } finally {
      await jobs.stop();
    }
    await enqueueMail(db, message(), now());
    await jobs.kick('mail');
    expect(transport.sent).toHaveLength(4);
  });

  it('follows a running drain with one more when kicked during it, for a mail queued after its claim', async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const sent: string[] = [];
    const worker = new MailWorker(db, { send: async (mail) => void (await gate, sent.push(mail.to)) }, { clock: now });
    const { jobs, start } = mailRunner(worker);
    await enqueueMail(db, message('first@example.com'), now());
    start();
    try {
      await vi.waitFor(async () => expect((await rows())[0]!.claimed_by).not.toBeNull());
      await enqueueMail(db, message('second@example.com'), now());
      const kicked = jobs.kick('mail');
      open();
      await kicked;
      expect(sent).toEqual(['first@example.com', 'second@example.com']);
    } finally {
      await jobs.stop();
    }
  });

  it('counts the mails a run tried, and its failed tries as failures', async () => {
    let fail = true;
    const worker = new MailWorker(
      db,
      {
        send: async () => {
          if (fail) throw new Error('421 try later');
        },
      },
      { clock: now },
    );
    const { jobs, lines, start } = mailRunner(worker);
    await enqueueMail(db, message('first@example.com'), now());
    await enqueueMail(db, message('second@example.com'), now());
    start();
    try {
      await vi.waitFor(() => expect(lines).toHaveLength(1));
      expect(JSON.parse(lines[0]!)).toMatchObject({ job: 'mail', items: 2, failures: 2 });
      fail = false;
      clock += 3_600_000;
      await jobs.kick('mail');
      expect(JSON.parse(lines[1]!)).toMatchObject({ job: 'mail', items: 2, failures: 0 });
    } finally {
      await jobs.stop();
    }
  });

  it('answers the mails due as its backlog, since when the oldest fell due', async () => {
    const job = mailJob({ db, clock: now, mail: { worker: new MailWorker(db, recordingTransport(), { clock: now }) } });
    expect(await job.backlog()).toEqual({ waiting: 0, oldestAt: null });
    await enqueueMail(db, message('first@example.com'), now());
    clock += 60_000;
    await enqueueMail(db, message('second@example.com'), now());
    await enqueueMail(db, message('later@example.com'), new Date(clock + 60_000));
    expect(await job.backlog()).toEqual({ waiting: 2, oldestAt: new Date('2026-11-21T12:00:00.000Z') });
  });
});
