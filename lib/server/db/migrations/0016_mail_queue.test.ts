import { Migrator, sql, type Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '@/lib/server/db/schema';
import { testDb } from '@/tests/fixtures/testDb';
import { MIGRATIONS } from './index';

let db: Kysely<Database>;
const migrator = () => new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS } });

async function migrateTo(name: string): Promise<void> {
  const { error } = await migrator().migrateTo(name);
  if (error) throw error;
}

/** The migration before this one, whichever the list holds when later ones are added around it. */
const BEFORE = Object.keys(MIGRATIONS).sort()[Object.keys(MIGRATIONS).sort().indexOf('0016_mail_queue') - 1]!;

beforeEach(async () => {
  db = await testDb();
});
afterEach(async () => db.destroy());

describe('0016_mail_queue', () => {
  it('turns the outbox into the mail queue: its mails read as sent sign-in mails, tried once', async () => {
    await migrateTo(BEFORE);
    await sql`insert into outbox (id, to_email, subject, body_text, link, created_at)
      values ('mail_old', 'ada@example.com', 'Sign in to Vogue', 'Open it', 'https://x/?token=t', '2026-01-02T03:04:05.000Z')`.execute(db);
    await migrateTo('0016_mail_queue');

    expect(await db.selectFrom('outbox').selectAll().execute()).toEqual([
      {
        id: 'mail_old',
        to_email: 'ada@example.com',
        subject: 'Sign in to Vogue',
        body_text: 'Open it',
        body_html: null,
        link: 'https://x/?token=t',
        kind: 'sign-in',
        status: 'sent',
        attempts: 1,
        next_attempt_at: '2026-01-02T03:04:05.000Z',
        lease_until: null,
        claimed_by: null,
        sent_at: '2026-01-02T03:04:05.000Z',
        last_error: null,
        created_at: '2026-01-02T03:04:05.000Z',
      },
    ]);
    // A mail without a main link is allowed now.
    await db
      .insertInto('outbox')
      .values({
        id: 'mail_new',
        to_email: 'b@example.com',
        subject: 'S',
        body_text: 'T',
        kind: 'resumed',
        status: 'pending',
        next_attempt_at: '2026-01-03T00:00:00.000Z',
        created_at: '2026-01-03T00:00:00.000Z',
      })
      .execute();

    // And back: the old table, a missing link written as ''.
    await migrateTo(BEFORE);
    const rows = await sql<{ id: string; link: string }>`select id, link from outbox order by id`.execute(db);
    expect(rows.rows).toEqual([
      { id: 'mail_new', link: '' },
      { id: 'mail_old', link: 'https://x/?token=t' },
    ]);
    const { error } = await migrator().migrateToLatest();
    expect(error).toBeUndefined();
  });
});
