import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '@/lib/server/db/schema';
import { sha256 } from '@/lib/server/ids';
import { IdentityRepository } from './IdentityRepository';
import { signInMail } from '@/lib/server/mail/templates/signInMail';
import type { Mailer } from './Mailer';
import { RateLimiter } from './RateLimiter';

export type LinkPurpose = 'magic-link' | 'sign-in';

export const LINK_TTL_MS = 15 * 60_000;
export const SESSION_TTL_MS = 30 * 24 * 3600_000;
export const RATE_WINDOW_MS = 15 * 60_000;
export const LINKS_PER_EMAIL = 5;
export const LINKS_PER_IP = 30;

export type VerifyResult =
  { ok: true; amgUUID: string; expiresOn: number } | { ok: false; status: 'MISSING' | 'INVALID' | 'NOT_AUTHORIZED' };

export type ConsumeResult =
  { ok: true; sessionToken: string; expiresOn: number; returnPath: string } | { ok: false; reason: 'invalid' | 'expired' | 'used' };

const newToken = () => randomBytes(32).toString('base64url');
const normaliseEmail = (email: string) => email.trim().toLowerCase();

/**
 * The built-in identity: sign-in by e-mailed single-use links, and sessions. Tokens are
 * 256-bit random strings stored only as hashes; asking for a link never says whether the
 * address is known.
 */
export class IdentityService {
  private readonly limiter: RateLimiter;
  private readonly store: IdentityRepository;

  constructor(
    db: Kysely<Database>,
    private readonly mailer: Mailer,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.limiter = new RateLimiter(db, now);
    this.store = new IdentityRepository(db);
  }

  /** Sends a sign-in link unless this address or this IP asked too often lately. */
  async requestLink(input: {
    email: string;
    purpose: LinkPurpose;
    returnPath: string;
    ip: string;
    origin: string;
    completePath: string;
    brandName: string;
  }): Promise<'sent' | 'rate_limited'> {
    const email = normaliseEmail(input.email);
    // The IP first: requests it stops do not count against the address they named.
    if (!(await this.limiter.allow(`link:ip:${input.ip}`, LINKS_PER_IP, RATE_WINDOW_MS))) return 'rate_limited';
    if (!(await this.limiter.allow(`link:email:${sha256(email)}`, LINKS_PER_EMAIL, RATE_WINDOW_MS))) return 'rate_limited';

    const token = newToken();
    const at = this.now();
    await this.store.addLink(
      sha256(token),
      { email, purpose: input.purpose, returnPath: input.returnPath, expiresAt: new Date(at.getTime() + LINK_TTL_MS) },
      at,
    );
    const link = `${input.origin}${input.completePath}?token=${token}`;
    await this.mailer.send({
      to: email,
      kind: 'sign-in',
      ...signInMail({ brandName: input.brandName, link, purpose: input.purpose, validForMinutes: LINK_TTL_MS / 60_000 }),
    });
    return 'sent';
  }

  /** Uses a link once: a session for its address (a new user the first time). */
  async consumeLink(token: string): Promise<ConsumeResult> {
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return { ok: false, reason: 'invalid' };
    const at = this.now();
    const hash = sha256(token);
    const link = await this.store.findLink(hash);
    if (!link) return { ok: false, reason: 'invalid' };
    if (link.consumedAt) return { ok: false, reason: 'used' };
    if (link.expiresAt.getTime() <= at.getTime()) return { ok: false, reason: 'expired' };
    if (!(await this.store.claimLink(hash, at))) return { ok: false, reason: 'used' };

    const userId = await this.store.userFor(link.email, at);
    const sessionToken = newToken();
    const expiresAt = new Date(at.getTime() + SESSION_TTL_MS);
    await this.store.addSession(sha256(sessionToken), { userId, expiresAt }, at);
    return { ok: true, sessionToken, expiresOn: Math.floor(expiresAt.getTime() / 1000), returnPath: link.returnPath };
  }

  async verify(sessionToken: string | undefined): Promise<VerifyResult> {
    if (!sessionToken) return { ok: false, status: 'MISSING' };
    if (!/^[A-Za-z0-9_-]{43}$/.test(sessionToken)) return { ok: false, status: 'INVALID' };
    const session = await this.store.findSession(sha256(sessionToken));
    if (!session) return { ok: false, status: 'INVALID' };
    const expiresAt = session.expiresAt.getTime();
    if (expiresAt <= this.now().getTime()) return { ok: false, status: 'NOT_AUTHORIZED' };
    return { ok: true, amgUUID: session.userId, expiresOn: Math.floor(expiresAt / 1000) };
  }

  async email(sessionToken: string | undefined): Promise<string | null> {
    const verified = await this.verify(sessionToken);
    if (!verified.ok) return null;
    // A session that expires between two calls has no e-mail: the caller answers 401.
    return this.store.emailOf(verified.amgUUID);
  }
}
