import type { Kysely } from 'kysely';
import type { Database } from '@/lib/server/db/schema';
import { maskEmail } from '@/lib/server/identity/Mailer';
import { randomId } from '@/lib/server/ids';
import type { AttachmentRenderer, MailTransport } from './MailTransport';
import { OutboxRepository, type OutboxMail } from './OutboxRepository';
import { nextAttemptAt, RETRY_DELAYS_MS } from './retrySchedule';

/** What one drain did with the mails it claimed. */
export interface DrainCounts {
  claimed: number;
  sent: number;
  /** Failed tries that will be tried again. */
  retried: number;
  /** Failed last tries: given up. */
  failed: number;
  /** Claimed but given back untried (the worker stopping, or its lease nearly over). */
  released: number;
}

export interface MailWorkerOptions {
  clock?: () => Date;
  /** Mails claimed at a time. */
  batchSize?: number;
  /** How long a claim holds its mails: longer than a batch of sends can take (SmtpTransport bounds each). */
  leaseMs?: number;
  retryDelaysMs?: readonly number[];
  log?: (line: string) => void;
  /** Batches one drain may run back to back while they come back full, before it leaves the rest to the next. */
  maxBatchesPerDrain?: number;
  /** Renders a mail's attached document; a mail that carries one is not sent without it. */
  renderAttachment?: AttachmentRenderer;
}

const DEFAULT_LEASE_MS = 10 * 60_000;
/** A claim whose lease has less than this left sends no more: another worker may take the rest soon. */
const LEASE_MARGIN_MS = 2 * 60_000;

const EMAIL = /[^\s<>"'@]+@[^\s<>"'@]+\.[^\s<>"'@]+/g;

/** An error as one line for the log and the row, with any address in it masked (servers quote the recipient). */
function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return (
    text
      .replace(/\s+/g, ' ')
      .trim()
      .replace(EMAIL, (address) => maskEmail(address)) || 'unknown error'
  );
}

/**
 * Sends the queued mails (the outbox table) through a transport, with retries. Any number
 * of workers, in one process or many, share the queue: each claims a bounded batch of due
 * mails with a lease (OutboxRepository.claimDue), so that no mail is sent by two of them,
 * and a mail whose worker died is taken up again once its lease has run out. A failed try
 * is retried after the waits of retrySchedule, and the mail given up after the last.
 *
 * drainOnce() runs one batch (the tests call it); drain() runs batches while a backlog
 * lasts. The job runner runs drains on an interval and when a mail was queued (mailJob.ts):
 * a context that was never started sends nothing unless its test drains.
 */
export class MailWorker {
  private readonly outbox: OutboxRepository;
  private readonly clock: () => Date;
  private readonly batchSize: number;
  private readonly leaseMs: number;
  private readonly retryDelaysMs: readonly number[];
  private readonly log: (line: string) => void;
  private readonly maxBatchesPerDrain: number;
  private readonly renderAttachment: AttachmentRenderer | null;
  private stopping = false;

  constructor(
    db: Kysely<Database>,
    private readonly transport: MailTransport,
    options: MailWorkerOptions = {},
  ) {
    this.outbox = new OutboxRepository(db);
    this.clock = options.clock ?? (() => new Date());
    this.batchSize = options.batchSize ?? 10;
    this.leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
    this.retryDelaysMs = options.retryDelaysMs ?? RETRY_DELAYS_MS;
    this.log = options.log ?? ((line) => console.info(line));
    this.maxBatchesPerDrain = options.maxBatchesPerDrain ?? 20;
    this.renderAttachment = options.renderAttachment ?? null;
  }

  /** Claims one batch of due mails and tries each; answers what became of them. */
  async drainOnce(): Promise<DrainCounts> {
    const counts: DrainCounts = { claimed: 0, sent: 0, retried: 0, failed: 0, released: 0 };
    const claim = randomId('claim');
    const now = this.clock();
    const leaseUntil = new Date(now.getTime() + this.leaseMs);
    const mails = await this.outbox.claimDue({ now, leaseUntil, claim, limit: this.batchSize });
    counts.claimed = mails.length;
    for (const [index, mail] of mails.entries()) {
      if (this.stopping || this.clock().getTime() >= leaseUntil.getTime() - Math.min(LEASE_MARGIN_MS, this.leaseMs / 2)) {
        const rest = mails.slice(index).map(({ id }) => id);
        await this.outbox.release(rest, claim);
        counts.released = rest.length;
        break;
      }
      counts[await this.tryToSend(mail, claim)] += 1;
    }
    return counts;
  }

  /** One try: sent, or the failure recorded for a retry or as the last. */
  private async tryToSend(mail: OutboxMail, claim: string): Promise<'sent' | 'retried' | 'failed'> {
    let failure: string | null = null;
    try {
      // The mail says its document is attached: it goes with it or not at all (the try fails, and is retried).
      if (mail.attachment && !this.renderAttachment) throw new Error(`no renderer for the attached ${mail.attachment.kind}`);
      const files = mail.attachment ? [await this.renderAttachment!(mail.attachment)] : undefined;
      await this.transport.send(files ? { ...mail, files } : mail);
    } catch (error) {
      failure = errorText(error);
    }
    const at = this.clock();
    const who = `"${mail.subject}" for ${maskEmail(mail.to)}`;
    let outcome: 'sent' | 'retried' | 'failed';
    let recorded: boolean;
    if (failure === null) {
      outcome = 'sent';
      recorded = await this.outbox.markSent(mail.id, claim, at, { forgetLinks: this.transport.delivers });
    } else {
      const attemptsMade = mail.attempts + 1;
      const next = nextAttemptAt(attemptsMade, at, this.retryDelaysMs);
      if (next) {
        outcome = 'retried';
        recorded = await this.outbox.scheduleRetry(mail.id, claim, failure, next);
        this.log(`[mail] ${mail.id} ${who}: try ${attemptsMade} failed (${failure}); next try at ${next.toISOString()}`);
      } else {
        outcome = 'failed';
        recorded = await this.outbox.markFailed(mail.id, claim, failure);
        this.log(`[mail] ${mail.id} ${who}: try ${attemptsMade}, the last, failed (${failure}); given up`);
      }
    }
    // Only when the lease ran out mid-send and another worker took the mail: it may go twice.
    if (!recorded) this.log(`[mail] ${mail.id} ${who}: the claim ran out before the outcome (${outcome}) was recorded`);
    return outcome;
  }

  /** Asks the drain under way to give back what it claimed but has not tried yet, and to claim no more (the process stops). */
  stop(): void {
    this.stopping = true;
  }

  /**
   * One drain: batches back to back while they come back full (a backlog), up to the bound,
   * and what became of their mails. The job runner runs it (lib/server/jobs/mailJob.ts).
   */
  async drain(): Promise<DrainCounts> {
    const total: DrainCounts = { claimed: 0, sent: 0, retried: 0, failed: 0, released: 0 };
    for (let batch = 0; batch < this.maxBatchesPerDrain && !this.stopping; batch += 1) {
      const counts = await this.drainOnce();
      for (const key of Object.keys(total) as (keyof DrainCounts)[]) total[key] += counts[key];
      if (counts.claimed < this.batchSize || counts.released > 0) break;
    }
    return total;
  }
}
