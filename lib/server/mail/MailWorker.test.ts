import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '@/lib/server/db/schema';
import { testDb } from '@/tests/fixtures/testDb';
import type { MailMessage } from './MailMessage';
import type { MailTransport, OutgoingMail } from './MailTransport';
import { MailWorker } from './MailWorker';
import { enqueueMail, OutboxRepository } from './OutboxRepository';
import { RETRY_DELAYS_MS } from './retrySchedule';

let db: Kysely<Database>;
let clock: number;
const now = () => new Date(clock);
const MINUTE = 60_000;

beforeEach(async () => {
  db = await testDb();
  clock = Date.parse('2026-11-21T12:00:00.000Z');
});
afterEach(async () => db.destroy());

const message = (to = 'Ada@Example.com', subject = 'Your Vogue subscription'): MailMessage => ({
  to,
  subject,
  text: 'Thank you for subscribing.\nhttps://example.com/account',
  html: '<p>Thank you for subscribing.</p>',
  kind: 'purchase-acknowledgment',
  link: 'https://example.com/account',
});

/** A transport that records what it was handed, and fails while `failWith` is set. */
function recordingTransport(): MailTransport & { sent: OutgoingMail[]; failWith: Error | null } {
  const transport = {
    sent: [] as OutgoingMail[],
    failWith: null as Error | null,
    async send(mail: OutgoingMail) {
      if (transport.failWith) throw transport.failWith;
      transport.sent.push(mail);
    },
  };
  return transport;
}

const rows = () => db.selectFrom('outbox').selectAll().orderBy('created_at').orderBy('id').execute();

describe('enqueueMail', () => {
  it('writes a pending mail due at once, both parts, its kind and main link, the address in lower case', async () => {
    const id = await enqueueMail(db, message(), now());
    expect(id).toMatch(/^mail_[a-z2-7]{20}$/);
    expect(await rows()).toEqual([
      {
        id,
        to_email: 'ada@example.com',
        subject: 'Your Vogue subscription',
        body_text: 'Thank you for subscribing.\nhttps://example.com/account',
        body_html: '<p>Thank you for subscribing.</p>',
        link: 'https://example.com/account',
        kind: 'purchase-acknowledgment',
        status: 'pending',
        attempts: 0,
        next_attempt_at: '2026-11-21T12:00:00.000Z',
        lease_until: null,
        claimed_by: null,
        sent_at: null,
        last_error: null,
        created_at: '2026-11-21T12:00:00.000Z',
        clock_at: null,
        attachment_json: null,
      },
    ]);
  });

  it('is written with the transaction it is queued in: a rolled-back change sends nothing', async () => {
    const transport = recordingTransport();
    const worker = new MailWorker(db, transport, { clock: now });
    await expect(
      db.transaction().execute(async (trx) => {
        await enqueueMail(trx, message(), now());
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await worker.drainOnce()).toMatchObject({ claimed: 0, sent: 0 });
    expect(transport.sent).toEqual([]);
    expect(await rows()).toEqual([]);

    // The same with a commit: the mail goes.
    await db.transaction().execute(async (trx) => enqueueMail(trx, message(), now()));
    expect(await worker.drainOnce()).toMatchObject({ claimed: 1, sent: 1 });
    expect(transport.sent).toHaveLength(1);
  });
});

describe('MailWorker', () => {
  it('sends due mails through the transport and marks them sent, once', async () => {
    const transport = recordingTransport();
    const worker = new MailWorker(db, transport, { clock: now });
    const first = await enqueueMail(db, message('a@example.com'), now());
    clock += 1;
    const second = await enqueueMail(db, message('b@example.com'), now());
    clock += 1000;

    expect(await worker.drainOnce()).toEqual({ claimed: 2, sent: 2, retried: 0, failed: 0, released: 0 });
    expect(transport.sent.map((mail) => [mail.id, mail.to, mail.html])).toEqual([
      [first, 'a@example.com', '<p>Thank you for subscribing.</p>'],
      [second, 'b@example.com', '<p>Thank you for subscribing.</p>'],
    ]);
    expect((await rows()).map((row) => [row.status, row.attempts, row.sent_at, row.lease_until, row.claimed_by])).toEqual([
      ['sent', 1, '2026-11-21T12:00:01.001Z', null, null],
      ['sent', 1, '2026-11-21T12:00:01.001Z', null, null],
    ]);
    expect(await worker.drainOnce()).toMatchObject({ claimed: 0 });
    expect(transport.sent).toHaveLength(2);
  });

  it('claims a bounded batch, the oldest due first', async () => {
    const transport = recordingTransport();
    for (let i = 0; i < 5; i += 1) {
      await enqueueMail(db, message(`reader${i}@example.com`), now());
      clock += 1;
    }
    const worker = new MailWorker(db, transport, { clock: now, batchSize: 2 });
    expect(await worker.drainOnce()).toMatchObject({ claimed: 2, sent: 2 });
    expect(transport.sent.map((mail) => mail.to)).toEqual(['reader0@example.com', 'reader1@example.com']);
    expect(await worker.drainOnce()).toMatchObject({ claimed: 2, sent: 2 });
    expect(await worker.drainOnce()).toMatchObject({ claimed: 1, sent: 1 });
  });

  it('never lets two workers on one database send the same mail', async () => {
    for (let i = 0; i < 12; i += 1) await enqueueMail(db, message(`reader${i}@example.com`), now());
    // Worker A's sends wait at a gate, so that B claims while A holds its batch.
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const sentByA: string[] = [];
    const a = new MailWorker(db, { send: async (mail) => void (await gate, sentByA.push(mail.id)) }, { clock: now, batchSize: 5 });
    const b = recordingTransport();
    const workerB = new MailWorker(db, b, { clock: now, batchSize: 5 });

    const draining = a.drainOnce();
    await vi.waitFor(async () => expect((await rows()).filter((row) => row.claimed_by !== null)).toHaveLength(5));
    expect(await workerB.drainOnce()).toMatchObject({ claimed: 5, sent: 5 });
    expect(await workerB.drainOnce()).toMatchObject({ claimed: 2, sent: 2 });
    expect(await workerB.drainOnce()).toMatchObject({ claimed: 0 });
    open();
    expect(await draining).toMatchObject({ claimed: 5, sent: 5 });

    const sentByB = b.sent.map((mail) => mail.id);
    expect(sentByA.filter((id) => sentByB.includes(id))).toEqual([]);
    expect(new Set([...sentByA, ...sentByB]).size).toBe(12);
    expect((await rows()).every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
  });

  it('shares the queue between workers draining at the same time: each mail goes once', async () => {
    for (let i = 0; i < 30; i += 1) await enqueueMail(db, message(`reader${i}@example.com`), now());
    const sent: string[] = [];
    const slow: MailTransport = { send: async (mail) => void (await new Promise((r) => setTimeout(r, 1)), sent.push(mail.id)) };
    const workers = [1, 2, 3].map(() => new MailWorker(db, slow, { clock: now, batchSize: 4 }));
    const drainUntilEmpty = async (worker: MailWorker) => {
      while ((await worker.drainOnce()).claimed > 0);
    };
    await Promise.all(workers.map(drainUntilEmpty));
    expect(sent).toHaveLength(30);
    expect(new Set(sent).size).toBe(30);
  });

  it('tries a failed mail again after each wait of the schedule, then gives it up and logs the masked address', async () => {
    const transport = recordingTransport();
    transport.failWith = new Error('450 4.2.1 <ada@example.com>: mailbox busy');
    const logs: string[] = [];
    const worker = new MailWorker(db, transport, { clock: now, log: (line) => logs.push(line) });
    const id = await enqueueMail(db, message('ada@example.com'), now());

    for (const [index, delay] of RETRY_DELAYS_MS.entries()) {
      expect(await worker.drainOnce()).toMatchObject({ claimed: 1, retried: 1 });
      const row = (await rows())[0]!;
      expect(row).toMatchObject({ status: 'pending', attempts: index + 1, lease_until: null, claimed_by: null });
      expect(Date.parse(row.next_attempt_at)).toBe(clock + delay);
      expect(row.last_error).toBe('450 4.2.1 <a***@example.com>: mailbox busy');
      // Not before its time.
      clock += delay - 1;
      expect(await worker.drainOnce()).toMatchObject({ claimed: 0 });
      clock += 1;
    }
    expect(await worker.drainOnce()).toMatchObject({ claimed: 1, failed: 1 });
    expect((await rows())[0]).toMatchObject({ status: 'failed', attempts: 7, sent_at: null });
    clock += 365 * 24 * 60 * MINUTE;
    expect(await worker.drainOnce()).toMatchObject({ claimed: 0 });

    expect(logs).toHaveLength(7);
    expect(logs[0]).toBe(
      `[mail] ${id} "Your Vogue subscription" for a***@example.com: try 1 failed (450 4.2.1 <a***@example.com>: mailbox busy); next try at 2026-11-21T12:01:00.000Z`,
    );
    expect(logs[6]).toMatch(/: try 7, the last, failed \(450 4\.2\.1 <a\*\*\*@example\.com>: mailbox busy\); given up$/);
    expect(logs.join('\n')).not.toContain('ada@');
  });

  it('sends a mail that failed once when its retry is due, and keeps the last error', async () => {
    const transport = recordingTransport();
    transport.failWith = new Error('connection refused');
    const worker = new MailWorker(db, transport, { clock: now, log: () => undefined });
    await enqueueMail(db, message(), now());
    await worker.drainOnce();
    transport.failWith = null;
    clock += MINUTE;
    expect(await worker.drainOnce()).toMatchObject({ claimed: 1, sent: 1 });
    expect((await rows())[0]).toMatchObject({ status: 'sent', attempts: 2, last_error: 'connection refused' });
  });

  it('takes up a mail whose worker died holding it, once the lease has run out', async () => {
    const id = await enqueueMail(db, message(), now());
    const dead = await new OutboxRepository(db).claimDue({
      now: now(),
      leaseUntil: new Date(clock + 10 * MINUTE),
      claim: 'claim_dead',
      limit: 5,
    });
    expect(dead.map((mail) => mail.id)).toEqual([id]);

    const transport = recordingTransport();
    const worker = new MailWorker(db, transport, { clock: now });
    clock += 10 * MINUTE - 1;
    expect(await worker.drainOnce()).toMatchObject({ claimed: 0 });
    clock += 1;
    expect(await worker.drainOnce()).toMatchObject({ claimed: 1, sent: 1 });
    // The dead claim can no longer record anything.
    expect(await new OutboxRepository(db).markFailed(id, 'claim_dead', 'late')).toBe(false);
    expect((await rows())[0]).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
  });

  it('gives back what it claimed but did not try when it stops', async () => {
    for (let i = 0; i < 3; i += 1) await enqueueMail(db, message(`reader${i}@example.com`), now());
    const sent: string[] = [];
    const worker: MailWorker = new MailWorker(
      db,
      {
        send: async (mail) => {
          sent.push(mail.id);
          void worker.stop();
        },
      },
      { clock: now },
    );
    expect(await worker.drainOnce()).toMatchObject({ claimed: 3, sent: 1, released: 2 });
    expect((await rows()).map((row) => [row.status, row.claimed_by])).toEqual([
      ['sent', null],
      ['pending', null],
      ['pending', null],
    ]);
  });
});

describe('a mail that carries a document', () => {
  const withInvoice = (): MailMessage => ({ ...message(), attachment: { kind: 'invoice', number: 'US-2026-000001' } });
  const pdf = { fileName: 'US-2026-000001.pdf', contentType: 'application/pdf', content: Buffer.from('%PDF-1.3') };

  it('goes with the document rendered when it is sent', async () => {
    const transport = recordingTransport();
    const rendered: unknown[] = [];
    const renderAttachment = async (attachment: unknown) => (rendered.push(attachment), pdf);
    await enqueueMail(db, withInvoice(), now());
    expect(await new MailWorker(db, transport, { clock: now, renderAttachment, log: () => {} }).drainOnce()).toMatchObject({ sent: 1 });
    expect(rendered).toEqual([{ kind: 'invoice', number: 'US-2026-000001' }]);
    expect(transport.sent[0]).toMatchObject({ attachment: { kind: 'invoice', number: 'US-2026-000001' }, files: [pdf] });
  });

  it('is not sent without it: a document that cannot be rendered, or no renderer, fails the try, which is retried', async () => {
    const transport = recordingTransport();
    const id = await enqueueMail(db, withInvoice(), now());
    const failing = new MailWorker(db, transport, {
      clock: now,
      log: () => {},
      renderAttachment: async () => Promise.reject(new Error('no invoice US-2026-000001 to attach')),
    });
    expect(await failing.drainOnce()).toMatchObject({ sent: 0, retried: 1 });
    expect(transport.sent).toEqual([]);
    expect((await new OutboxRepository(db).find(id))?.lastError).toBe('no invoice US-2026-000001 to attach');
    clock += RETRY_DELAYS_MS[0]!;
    expect(await new MailWorker(db, transport, { clock: now, log: () => {} }).drainOnce()).toMatchObject({ sent: 0, retried: 1 });
    expect(transport.sent).toEqual([]);
  });

  it('a mail that carries none goes without files', async () => {
    const transport = recordingTransport();
    await enqueueMail(db, message(), now());
    await new MailWorker(db, transport, { clock: now, log: () => {}, renderAttachment: async () => pdf }).drainOnce();
    expect(transport.sent[0]).not.toHaveProperty('files');
  });
});

describe('links once a mail has left', () => {
  const signIn: MailMessage = {
    to: 'ada@example.com',
    subject: 'Sign in to your account',
    text: 'Sign in: https://example.com/account/sign-in/complete?token=secret',
    html: '<a href="https://example.com/account/sign-in/complete?token=secret">Sign in</a>',
    kind: 'sign-in',
    link: 'https://example.com/account/sign-in/complete?token=secret',
  };

  it('are cleared by a transport that delivers (SMTP): the link always, the bodies of a mail whose links are credentials', async () => {
    const transport = Object.assign(recordingTransport(), { delivers: true });
    const signInId = await enqueueMail(db, signIn, now());
    const receiptId = await enqueueMail(db, message(), now());
    await new MailWorker(db, transport, { clock: now }).drainOnce();
    // What left carried the link: only the outbox forgets it.
    expect(transport.sent.map((mail) => mail.link).sort()).toEqual(['https://example.com/account', signIn.link]);
    const outbox = new OutboxRepository(db);
    expect(await outbox.find(signInId)).toMatchObject({
      status: 'sent',
      link: null,
      html: null,
      text: expect.not.stringContaining('token'),
    });
    expect(await outbox.find(receiptId)).toMatchObject({ status: 'sent', link: null, text: message().text, html: message().html });
  });

  it('are kept by the development sink, where the outbox is the mailbox that is read', async () => {
    const id = await enqueueMail(db, signIn, now());
    await new MailWorker(db, recordingTransport(), { clock: now }).drainOnce();
    expect(await new OutboxRepository(db).find(id)).toMatchObject({
      status: 'sent',
      link: signIn.link,
      html: signIn.html,
      text: signIn.text,
    });
  });

  it('stay with a mail that failed, for its next try', async () => {
    const transport = Object.assign(recordingTransport(), { delivers: true, failWith: new Error('421 try later') });
    const id = await enqueueMail(db, signIn, now());
    await new MailWorker(db, transport, { clock: now }).drainOnce();
    expect(await new OutboxRepository(db).find(id)).toMatchObject({ status: 'pending', link: signIn.link });
  });
});
