import type pg from 'pg';

/**
 * Runs work in one transaction on a connection of the pool, for the hot paths that speak
 * to pg directly (prepared statements Kysely would rebuild on every call). On failure it
 * rolls back and rethrows; a connection that cannot even roll back is discarded, so the
 * pool opens another rather than lend out one in an unknown state.
 */
export async function inPostgresTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('begin');
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch((rollbackError: Error) => {
      broken = rollbackError;
    });
    throw error;
  } finally {
    client.release(broken);
  }
}
