import type { Kysely } from 'kysely';

/**
 * Issue 36. A session records when its second factor was last given (`factor_verified_at`),
 * so that changing operators or making tokens can ask for a fresh code (step-up); sessions
 * signed in before keep the time they were signed in. A pending enrol-stage session keeps
 * its own TOTP secret (`enrol_totp_secret`, sealed) that dies with it: an unconfirmed secret
 * on the operator lived on after anyone saw its QR code, so those are dropped here, and the
 * next sign-in shows a new one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('operator_sessions').addColumn('factor_verified_at', 'text').execute();
  await db.schema.alterTable('operator_sessions').addColumn('enrol_totp_secret', 'text').execute();
  const typed = db as Kysely<{
    operator_sessions: { stage: string; created_at: string; factor_verified_at: string | null };
    operators: { totp_secret: string | null; totp_enrolled_at: string | null };
  }>;
  await typed
    .updateTable('operator_sessions')
    .set((eb) => ({ factor_verified_at: eb.ref('created_at') }))
    .where('stage', '=', 'signed-in')
    .execute();
  await typed.updateTable('operators').set({ totp_secret: null }).where('totp_enrolled_at', 'is', null).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('operator_sessions').dropColumn('enrol_totp_secret').execute();
  await db.schema.alterTable('operator_sessions').dropColumn('factor_verified_at').execute();
}
