import type { Kysely } from 'kysely';
import type { Database } from '@/lib/server/db/schema';
import type { LinkPurpose } from './IdentityService';

/** A sign-in link as stored: only its token's hash is kept. */
export interface StoredSignInLink {
  email: string;
  purpose: LinkPurpose;
  returnPath: string;
  expiresAt: Date;
  consumedAt: Date | null;
  /** SHA-256 of the asking browser's nonce; null when none was kept (links made before migration 0017). */
  browserNonceHash: string | null;
}

/** A session as stored: only its token's hash is kept. */
export interface StoredSession {
  userId: string;
  expiresAt: Date;
  /** When it was last used (as of the last refresh); its creation when never refreshed. */
  lastSeenAt: Date;
}

/** The built-in identity's storage: sign-in links, users (by e-mail) and sessions. */
export class IdentityRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async addLink(tokenHash: string, link: Omit<StoredSignInLink, 'consumedAt'>, at: Date): Promise<void> {
    await this.db
      .insertInto('sign_in_links')
      .values({
        token_hash: tokenHash,
        email: link.email,
        purpose: link.purpose,
        return_path: link.returnPath,
        expires_at: link.expiresAt.toISOString(),
        consumed_at: null,
        created_at: at.toISOString(),
        browser_nonce_hash: link.browserNonceHash,
      })
      .execute();
  }

  async findLink(tokenHash: string): Promise<StoredSignInLink | null> {
    const row = await this.db.selectFrom('sign_in_links').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
    if (!row) return null;
    return {
      email: row.email,
      purpose: row.purpose,
      returnPath: row.return_path,
      expiresAt: new Date(row.expires_at),
      consumedAt: row.consumed_at ? new Date(row.consumed_at) : null,
      browserNonceHash: row.browser_nonce_hash,
    };
  }

  /** Marks a link used; false when it already was (two tabs, two instances: only one wins). */
  async claimLink(tokenHash: string, at: Date): Promise<boolean> {
    const claimed = await this.db
      .updateTable('sign_in_links')
      .set({ consumed_at: at.toISOString() })
      .where('token_hash', '=', tokenHash)
      .where('consumed_at', 'is', null)
      .executeTakeFirst();
    return Number(claimed.numUpdatedRows) > 0;
  }

  /** The user of an address, made the first time it signs in. */
  async userFor(email: string, at: Date): Promise<string> {
    await this.db
      .insertInto('users')
      .values({ id: crypto.randomUUID(), email, created_at: at.toISOString() })
      .onConflict((oc) => oc.column('email').doNothing())
      .execute();
    return (await this.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
  }

  /** Whether an address (in any case) has ever signed in with a link, which proved it: its user is made then. */
  async hasSignedIn(email: string): Promise<boolean> {
    const address = email.trim().toLowerCase();
    return (await this.db.selectFrom('users').select('id').where('email', '=', address).executeTakeFirst()) !== undefined;
  }

  async addSession(tokenHash: string, session: Omit<StoredSession, 'lastSeenAt'>, at: Date): Promise<void> {
    await this.db
      .insertInto('sessions')
      .values({
        token_hash: tokenHash,
        user_id: session.userId,
        expires_at: session.expiresAt.toISOString(),
        created_at: at.toISOString(),
        last_seen_at: at.toISOString(),
      })
      .execute();
  }

  async findSession(tokenHash: string): Promise<StoredSession | null> {
    const row = await this.db
      .selectFrom('sessions')
      .select(['user_id', 'expires_at', 'created_at', 'last_seen_at'])
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
    return row
      ? { userId: row.user_id, expiresAt: new Date(row.expires_at), lastSeenAt: new Date(row.last_seen_at ?? row.created_at) }
      : null;
  }

  /** Records that a session was used at `at`. */
  async touchSession(tokenHash: string, at: Date): Promise<void> {
    await this.db.updateTable('sessions').set({ last_seen_at: at.toISOString() }).where('token_hash', '=', tokenHash).execute();
  }

  /** Ends one session; how many rows went (0 when it was gone already). */
  async deleteSession(tokenHash: string): Promise<number> {
    const deleted = await this.db.deleteFrom('sessions').where('token_hash', '=', tokenHash).executeTakeFirst();
    return Number(deleted.numDeletedRows);
  }

  /** Ends every session of a user (signing out everywhere). */
  async deleteSessionsOf(userId: string): Promise<number> {
    const deleted = await this.db.deleteFrom('sessions').where('user_id', '=', userId).executeTakeFirst();
    return Number(deleted.numDeletedRows);
  }

  async emailOf(userId: string): Promise<string | null> {
    return (await this.db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst())?.email ?? null;
  }
}
