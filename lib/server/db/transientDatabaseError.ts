/**
 * PostgreSQL's SQLSTATE classes and codes that mean "not now" rather than "never": the
 * connection was lost or refused (08), the server is short of resources (53), it is shutting
 * down or starting (57P01–57P03), or a transaction lost a race it can retry (40001, 40P01).
 */
const TRANSIENT_SQLSTATE = /^(08|53|57P0[1-3]$|40001$|40P01$)/;
/** SQLite kept busy past busy_timeout by another writer. */
const SQLITE_BUSY = /^SQLITE_(BUSY|LOCKED)/;
/** A socket that went away or never came. */
const NETWORK = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND']);
/** pg says these in words only: its pool's wait ran out, or the server closed the connection. */
const PG_MESSAGES = /timeout exceeded when trying to connect|Connection terminated/i;

/**
 * Whether an error is the database being away or busy for a moment: the request should be
 * answered 503 with Retry-After (the client may try again, nothing was done), not 500.
 */
export function isTransientDatabaseError(error: unknown): boolean {
  for (
    let current = error, depth = 0;
    current && typeof current === 'object' && depth < 5;
    current = (current as { cause?: unknown }).cause, depth += 1
  ) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (TRANSIENT_SQLSTATE.test(code) || SQLITE_BUSY.test(code) || NETWORK.has(code))) return true;
    if (typeof message === 'string' && PG_MESSAGES.test(message)) return true;
  }
  return false;
}
