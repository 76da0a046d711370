import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';

/**
 * The history of the subscriptions that were there before it was kept (issue 37), rebuilt
 * from what the database holds, each row marked reconstructed: the purchase, each renewal
 * paid or failed (a recovered one: failed, then paid), refunds, notices sent, cancellations
 * declared on the public page, withdrawals, audit entries naming the subscription, and its
 * own cancel and end. Only subscriptions with no history yet get one. Its times are the
 * records' own (a test clock's renewals at their clock's time), and `clock_at` the same.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration reads the tables as they were then, not as schema.ts says now
type Db = Kysely<any>;
type Row = Record<string, unknown>;

interface Reconstructed {
  at: string;
  event: string;
  actor_kind: string;
  actor_id: string | null;
  before: Row;
  after: Row;
}

const BATCH = 200;

export async function up(untyped: Kysely<unknown>): Promise<void> {
  const db = untyped as Db;
  for (;;) {
    const subscriptions = (await db
      .selectFrom('subscriptions')
      .selectAll()
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(selectFrom('subscription_history').select('id').whereRef('subscription_history.subscription_id', '=', 'subscriptions.id')),
        ),
      )
      .orderBy('id')
      .limit(BATCH)
      .execute()) as Row[];
    if (subscriptions.length === 0) return;
    const sources = await sourcesOf(db, subscriptions);
    const rows = subscriptions.flatMap((subscription) => {
      const events = reconstruct(subscription, sources);
      // Ids in the records' order: entries at the same instant read back in it.
      const batch = randomBytes(6).toString('hex');
      return events.map((event, index) => ({
        id: `shi_${batch}_${String(index).padStart(4, '0')}`,
        subscription_id: subscription.id as string,
        version: null,
        at: event.at,
        clock_at: event.at,
        event: event.event,
        actor_kind: event.actor_kind,
        actor_id: event.actor_id,
        before_json: JSON.stringify(event.before),
        after_json: JSON.stringify(event.after),
        reconstructed: 1,
        created_at: new Date().toISOString(),
      }));
    });
    // Each subscription gets at least its purchase, so the next batch moves on.
    for (let i = 0; i < rows.length; i += 100)
      await db
        .insertInto('subscription_history')
        .values(rows.slice(i, i + 100))
        .execute();
  }
}

export async function down(untyped: Kysely<unknown>): Promise<void> {
  await (untyped as Db).deleteFrom('subscription_history').where('reconstructed', '=', 1).execute();
}

interface Sources {
  renewals: Row[];
  refunds: Row[];
  notices: Row[];
  declarations: Row[];
  withdrawals: Row[];
  audit: Row[];
}

async function sourcesOf(db: Db, subscriptions: Row[]): Promise<Sources> {
  const ids = subscriptions.map((s) => s.id as string);
  const transactionIds = subscriptions.map((s) => s.transaction_id as string);
  const emails = [
    ...new Set(subscriptions.flatMap((s) => [s.owner_email, s.billing_email]).filter((e): e is string => typeof e === 'string')),
  ];
  const renewals = (await db.selectFrom('transactions').selectAll().where('renewal_of', 'in', ids).execute()) as Row[];
  const paid = [...transactionIds, ...renewals.map((r) => r.id as string)];
  return {
    renewals,
    refunds: (await db.selectFrom('refunds').selectAll().where('transaction_id', 'in', paid).execute()) as Row[],
    notices: (await db.selectFrom('subscription_notices').selectAll().where('subscription_id', 'in', ids).execute()) as Row[],
    declarations: emails.length
      ? ((await db.selectFrom('cancel_declarations').selectAll().where('email', 'in', emails).execute()) as Row[])
      : [],
    withdrawals: (await db.selectFrom('withdrawals').selectAll().where('subscription_id', 'in', ids).execute()) as Row[],
    audit: (await db
      .selectFrom('audit_log')
      .selectAll()
      .where(
        'target',
        'in',
        ids.map((id) => `subscription:${id}`),
      )
      .execute()) as Row[],
  };
}

const CHANNEL_ACTOR: Record<string, string> = { care: 'care', account: 'buyer', 'cancel-page': 'buyer' };
const END_ACTOR: Record<string, string> = { ended_by_care: 'care', withdrawn: 'buyer', duplicate_undone: 'buyer' };

/** What the records tell of one subscription, oldest first. */
function reconstruct(s: Row, sources: Sources): Reconstructed[] {
  const event = (at: unknown, name: string, actorKind: string, after: Row, before: Row = {}, actorId: unknown = null): Reconstructed => ({
    at: String(at),
    event: name,
    actor_kind: actorKind,
    actor_id: actorId === null ? null : String(actorId),
    before,
    after,
  });
  const events: Reconstructed[] = [
    event(s.created_at, 'purchased', 'buyer', {
      transaction_id: s.transaction_id,
      brand_slug: s.brand_slug,
      offer_id: s.offer_id,
      offer_name: s.offer_name,
      billing_interval: s.billing_interval,
      currency_code: s.currency_code,
      payment_method: s.payment_method,
      gateway: s.gateway,
    }),
  ];
  for (const r of sources.renewals.filter((r) => r.renewal_of === s.id)) {
    const period = { current_period_start: r.period_start, current_period_end: r.period_end };
    if (r.failure_code !== null) {
      events.push(event(r.created_at, 'renewal_failed', 'system', { status: 'past_due', renewal_failure_code: r.failure_code }));
    }
    if (r.status === 'succeeded') events.push(event(r.updated_at, 'renewal_paid', 'system', { status: 'active', ...period }));
  }
  const paid = new Set([s.transaction_id, ...sources.renewals.filter((r) => r.renewal_of === s.id).map((r) => r.id)]);
  for (const r of sources.refunds.filter((r) => paid.has(r.transaction_id))) {
    const by = String(r.requested_by);
    const operator = by.startsWith('operator:') ? by.slice('operator:'.length) : null;
    events.push(
      event(
        r.settled_at ?? r.created_at,
        'refunded',
        operator ? 'care' : 'buyer',
        { refund: r.amount_minor, refund_status: r.status },
        {},
        operator,
      ),
    );
  }
  for (const n of sources.notices.filter((n) => n.subscription_id === s.id)) {
    events.push(event(n.sent_at, 'notice_sent', 'system', { notice: n.kind, about: n.about }));
  }
  const ended = s.ended_at === null ? null : String(s.ended_at);
  const addresses = new Set([s.owner_email, s.billing_email]);
  for (const d of sources.declarations) {
    const declared = String(d.declared_at);
    const within = declared >= String(s.created_at) && (ended === null || declared <= ended);
    if (addresses.has(d.email) && d.brand_slug === s.brand_slug && d.livemode === s.livemode && within) {
      events.push(event(declared, 'cancel_declared', 'buyer', { cancel_reason: d.reason }));
    }
  }
  for (const w of sources.withdrawals.filter((w) => w.subscription_id === s.id)) {
    events.push(event(w.declared_at, 'withdrawal_declared', 'buyer', { channel: w.channel }));
  }
  for (const a of sources.audit.filter((a) => a.target === `subscription:${s.id}`)) {
    events.push(event(a.at, 'care_action', 'care', { action: a.action }, {}, a.operator_id));
  }
  // Ended at once marks it cancelled at the same instant with no channel: its end says it.
  const endedAtOnce = ended !== null && s.cancel_requested_at === ended && s.cancel_channel === null;
  if (s.cancel_requested_at !== null && !endedAtOnce) {
    const channel = s.cancel_channel === null ? null : String(s.cancel_channel);
    events.push(
      event(
        s.cancel_requested_at,
        'cancel_requested',
        (channel && CHANNEL_ACTOR[channel]) ?? 'buyer',
        { cancel_at_period_end: 1, cancel_reason: s.cancel_reason, cancel_channel: channel },
        { cancel_at_period_end: 0 },
      ),
    );
  }
  if (ended !== null) {
    const reason = String(s.end_reason);
    events.push(event(ended, 'ended', END_ACTOR[reason] ?? 'system', { status: 'ended', end_reason: s.end_reason }));
  }
  return events.sort((a, b) => a.at.localeCompare(b.at));
}
