import { sql, type Kysely } from 'kysely';

/**
 * Until now a subscription bought signed out was claimed on the owner's next signed-in
 * request; now it is claimed when a link is used or at purchase. Those bought by an address
 * that had already signed in are claimed here once, as their next request would have done.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update subscriptions set owner_email = billing_email, updated_at = ${new Date().toISOString()}
    where owner_email is null and billing_email in (select email from users)`.execute(db);
}

/** Nothing to undo: the owners were those the earlier code would have given them. */
export async function down(): Promise<void> {}
