import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from './schema';

const cache = new WeakMap<Kysely<Database>, Map<string, Promise<Buffer>>>();

/**
 * A random 256-bit secret named `name`, kept in the database, so that every app instance on
 * the database uses the same one (a keyed hash they compute alike). Made by its migration
 * where one exists (a request then writes nothing), else on first use, when the first
 * instance to store it wins; each instance then keeps it in memory.
 */
export function serverSecret(db: Kysely<Database>, name: string): Promise<Buffer> {
  const secrets = cache.get(db) ?? new Map<string, Promise<Buffer>>();
  cache.set(db, secrets);
  let secret = secrets.get(name);
  if (!secret) {
    secret = (async () => {
      await db
        .insertInto('server_secrets')
        .values({ name, secret: randomBytes(32).toString('hex'), created_at: new Date().toISOString() })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      const row = await db.selectFrom('server_secrets').select('secret').where('name', '=', name).executeTakeFirstOrThrow();
      return Buffer.from(row.secret, 'hex');
    })();
    secret.catch(() => secrets.delete(name));
    secrets.set(name, secret);
  }
  return secret;
}
