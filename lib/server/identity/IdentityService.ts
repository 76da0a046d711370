import type { Kysely } from 'kysely';
import type { Database } from '@/lib/server/db/schema';
import { matchesHash, newSecret, sha256 } from '@/lib/server/ids';
import { SIGN_IN_SECRET, type SignInLinkProblem } from '@/lib/identity/signInLinks';
import { IdentityRepository, type StoredSession, type StoredSignInLink } from './IdentityRepository';
import { signInMail } from '@/lib/server/mail/templates/signInMail';
import { serverWords } from '@/lib/server/i18n/pageI18n';
import { LANG_PARAMETER } from '@/lib/i18n/langLink';
import { DEFAULT_LOCALE } from '@/lib/i18n/locales';
import { SubscriptionRepository } from '@/lib/server/subscriptions/SubscriptionRepository';
import type { Mailer } from './Mailer';
import { RateLimiter } from './RateLimiter';
import { limitBuckets } from '@/lib/server/limits/limitBuckets';
import { knownBrowserProof, isKnownBrowser } from './knownBrowser';
import { maskEmail } from './Mailer';
import { securityAlert } from '@/lib/server/security/securityAlert';

export type LinkPurpose = 'magic-link' | 'sign-in';

export const LINK_TTL_MS = 15 * 60_000;
export const SESSION_TTL_MS = 30 * 24 * 3600_000;
export const RATE_WINDOW_MS = 15 * 60_000;
/** Links one address may be sent per RATE_WINDOW_MS at the request of one client (an IP, IPv6 by /64). */
export const LINKS_PER_EMAIL_AND_CLIENT = 5;
/**
 * Links one address may be sent per RATE_WINDOW_MS, and per day, at the request of browsers
 * that never signed in as it: what bounds mail to an address from many clients at once.
 * Passing either alerts the operators; the owner's own browsers (knownBrowser) are not held to it.
 */
export const LINKS_PER_EMAIL_CEILING = 15;
export const LINKS_PER_EMAIL_PER_DAY_CEILING = 40;
const DAY_MS = 24 * 3600_000;
export const LINKS_PER_IP = 30;
/** SESSION_IDLE_MINUTES' default: a session unused for a day ends. */
export const DEFAULT_SESSION_IDLE_MS = 24 * 3600_000;
/** A session's last use is written at most this often: a write on every request would cost more than a few minutes' precision is worth. */
export const SESSION_TOUCH_INTERVAL_MS = 5 * 60_000;

/**
 * A valid session: `expiresOn` (seconds) is when it lapses if unused from now on, the
 * earlier of its idle deadline and `absoluteExpiresOn`, its 30 days' end.
 */
export type VerifyResult =
  | { ok: true; amgUUID: string; expiresOn: number; absoluteExpiresOn: number }
  | { ok: false; status: 'MISSING' | 'INVALID' | 'NOT_AUTHORIZED' };

/** A new session (its times as in VerifyResult) and where the link asked to go back to. */
export interface NewSession {
  sessionToken: string;
  /** The known-browser cookie's value for the address signed in (knownBrowser.ts). */
  knownBrowser: string;
  expiresOn: number;
  absoluteExpiresOn: number;
  returnPath: string;
}

export type ConsumeResult = ({ ok: true } & NewSession) | { ok: false; reason: SignInLinkProblem };

/** Opening a link's page: signed in (the browser that asked for it), a confirmation to ask for (any other browser), or why not. */
export type OpenResult =
  { kind: 'signed-in'; session: NewSession } | { kind: 'confirm'; email: string } | { kind: 'failed'; reason: SignInLinkProblem };

export interface IdentityOptions {
  /** How long a session may go unused (SESSION_IDLE_MINUTES). */
  sessionIdleMs?: number;
  /** Sign-in links one IP may ask for per RATE_WINDOW_MS (SIGN_IN_LINKS_PER_IP); LINKS_PER_IP by default. */
  linksPerIp?: number;
}

const normaliseEmail = (email: string) => email.trim().toLowerCase();
const seconds = (ms: number) => Math.floor(ms / 1000);

/**
 * The built-in identity: sign-in by e-mailed single-use links, and sessions. Tokens are
 * 256-bit random strings stored only as hashes; asking for a link never says whether the
 * address is known. A link remembers the browser that asked for it (a nonce's hash): only
 * there does opening it sign in at once. Sessions end after 30 days, or sooner when unused
 * for the idle period.
 */
export class IdentityService {
  private readonly limiter: RateLimiter;
  private readonly store: IdentityRepository;
  private readonly idleMs: number;
  private readonly linksPerIp: number;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly mailer: Mailer,
    private readonly now: () => Date = () => new Date(),
    options: IdentityOptions = {},
  ) {
    this.limiter = new RateLimiter(db, now);
    this.store = new IdentityRepository(db);
    this.idleMs = options.sessionIdleMs ?? DEFAULT_SESSION_IDLE_MS;
    this.linksPerIp = options.linksPerIp ?? LINKS_PER_IP;
  }

  /**
   * Sends a sign-in link unless asked too often lately: by this client (IP) for any address,
   * by this client for this address, or, from a browser that never signed in as the address,
   * for this address by everyone together (its ceiling, which alerts). A stranger elsewhere
   * thus uses up only their own share, never the owner's, and an address is never sent mail
   * without bound.
   */
  async requestLink(input: {
    email: string;
    purpose: LinkPurpose;
    returnPath: string;
    ip: string;
    /** The asking page's mode (absent: live): a client's test-mode links count apart from its live ones (the address's ceilings do not). */
    livemode?: boolean;
    origin: string;
    completePath: string;
    /** The brand the link is for; null: the account's own sign-in, which has none. */
    brandName: string | null;
    /** The asking page's locale (lib/i18n/locales.ts): the mail's language; English when not given. */
    locale?: string;
    /** The asking browser's nonce (its cookie): the link signs in at once only where it is sent back. */
    browserNonce?: string;
    /** The asking browser's known-browser cookie, if any: set where someone signed in before. */
    knownBrowser?: string;
  }): Promise<'sent' | 'rate_limited'> {
    const email = normaliseEmail(input.email);
    const address = sha256(email);
    const livemode = input.livemode ?? true;
    // Narrowest first: requests a limit stops do not count against the ones after it.
    if (!(await this.limiter.allow(limitBuckets.signInLinks(livemode, input.ip), this.linksPerIp, RATE_WINDOW_MS))) return 'rate_limited';
    const toAddress = limitBuckets.signInLinksToAddress(livemode, address, input.ip);
    if (!(await this.limiter.allow(toAddress, LINKS_PER_EMAIL_AND_CLIENT, RATE_WINDOW_MS))) return 'rate_limited';
    if (!(await isKnownBrowser(this.db, email, input.knownBrowser)) && !(await this.withinCeiling(email, address))) return 'rate_limited';

    const token = newSecret();
    const at = this.now();
    await this.store.addLink(
      sha256(token),
      {
        email,
        purpose: input.purpose,
        returnPath: input.returnPath,
        expiresAt: new Date(at.getTime() + LINK_TTL_MS),
        browserNonceHash: input.browserNonce ? sha256(input.browserNonce) : null,
      },
      at,
    );
    // A test-mode link says so, as every link of test mode does: its page, whether it signs in
    // or says why it cannot, stays in test mode (ahead of the token, which a careless copy cuts).
    // The account's page has no campaign to speak from: its link names the mail's language.
    const locale = input.locale ?? DEFAULT_LOCALE;
    const lang = input.brandName === null && locale !== DEFAULT_LOCALE ? `${LANG_PARAMETER}=${locale}&` : '';
    const link = `${input.origin}${input.completePath}?${livemode ? '' : 'livemode=false&'}${lang}token=${token}`;
    await this.mailer.send({
      to: email,
      kind: 'sign-in',
      ...signInMail(
        {
          brandName: input.brandName,
          forAccount: input.brandName === null,
          link,
          purpose: input.purpose,
          validForMinutes: LINK_TTL_MS / 60_000,
        },
        serverWords(locale),
      ),
    });
    return 'sent';
  }

  /**
   * Counts a request from a browser unknown to the address against the address's ceilings;
   * the first refusal of a window alerts the operators (someone is asking for this address
   * from many clients: a mail flood, or someone keeping its owner out).
   */
  private async withinCeiling(email: string, address: string): Promise<boolean> {
    const ceilings = [
      { bucket: limitBuckets.signInLinkCeiling(address), limit: LINKS_PER_EMAIL_CEILING, windowMs: RATE_WINDOW_MS, per: '15 minutes' },
      { bucket: limitBuckets.signInLinkDayCeiling(address), limit: LINKS_PER_EMAIL_PER_DAY_CEILING, windowMs: DAY_MS, per: 'day' },
    ];
    for (const { bucket, limit, windowMs, per } of ceilings) {
      const count = await this.limiter.count(bucket, windowMs);
      if (count <= limit) continue;
      if (count === limit + 1) {
        securityAlert(
          'sign-in-links-ceiling',
          `${address}:${per}`,
          `${maskEmail(email)} was asked more than ${limit} sign-in links per ${per}, from several clients: further requests are refused until the window ends, except from browsers that signed in as it before`,
        );
      }
      return false;
    }
    return true;
  }

  /**
   * Opens a link's page: in the browser that asked for it (`browserNonce` matches), uses it
   * and signs in; anywhere else (another browser, a mail scanner, a HEAD: no nonce) changes
   * nothing and answers the address to confirm. Unusable links say why.
   */
  async openLink(token: string, browserNonce: string | undefined): Promise<OpenResult> {
    const found = await this.usableLink(token);
    if ('reason' in found) return { kind: 'failed', reason: found.reason };
    const bound = Boolean(browserNonce && found.link.browserNonceHash && matchesHash(browserNonce, found.link.browserNonceHash));
    if (!bound) return { kind: 'confirm', email: found.link.email };
    const used = await this.signInWith(found.hash, found.link);
    return used.ok ? { kind: 'signed-in', session: used } : { kind: 'failed', reason: used.reason };
  }

  /** Uses a link once, whichever browser: a session for its address (a new user the first time). Only a confirming POST calls this. */
  async consumeLink(token: string): Promise<ConsumeResult> {
    const found = await this.usableLink(token);
    if ('reason' in found) return { ok: false, reason: found.reason };
    return this.signInWith(found.hash, found.link);
  }

  private async usableLink(token: string): Promise<{ hash: string; link: StoredSignInLink } | { reason: SignInLinkProblem }> {
    if (!SIGN_IN_SECRET.test(token)) return { reason: 'invalid' };
    const hash = sha256(token);
    const link = await this.store.findLink(hash);
    if (!link) return { reason: 'invalid' };
    if (link.consumedAt) return { reason: 'used' };
    if (link.expiresAt.getTime() <= this.now().getTime()) return { reason: 'expired' };
    return { hash, link };
  }

  /**
   * Uses a link and starts a session for its address, in one database transaction: the link
   * marked used, the address's user (made the first time), the session, and the
   * subscriptions bought signed out with this billing address made theirs. The link was sent
   * to that address, which is the proof; claiming here, once per sign-in, keeps every later
   * signed-in request a read.
   */
  private async signInWith(hash: string, link: StoredSignInLink): Promise<ConsumeResult> {
    const at = this.now();
    // Outside the transaction: the secret may be read or made on the database's own connection.
    const knownBrowser = await knownBrowserProof(this.db, link.email);
    return this.db.transaction().execute(async (trx): Promise<ConsumeResult> => {
      const store = new IdentityRepository(trx);
      if (!(await store.claimLink(hash, at))) return { ok: false, reason: 'used' };
      const userId = await store.userFor(link.email, at);
      const sessionToken = newSecret();
      const expiresAt = new Date(at.getTime() + SESSION_TTL_MS);
      await store.addSession(sha256(sessionToken), { userId, expiresAt }, at);
      await new SubscriptionRepository(trx).claimForVerifiedEmail(link.email, at);
      return {
        ok: true,
        sessionToken,
        knownBrowser,
        expiresOn: seconds(Math.min(expiresAt.getTime(), at.getTime() + this.idleMs)),
        absoluteExpiresOn: seconds(expiresAt.getTime()),
        returnPath: link.returnPath,
      };
    });
  }

  /**
   * Whether a session is valid: known, within its 30 days, and used within the idle period.
   * A use is recorded at most every SESSION_TOUCH_INTERVAL_MS; a session found idle too
   * long is deleted (it can never be valid again).
   */
  async verify(sessionToken: string | undefined): Promise<VerifyResult> {
    if (!sessionToken) return { ok: false, status: 'MISSING' };
    if (!SIGN_IN_SECRET.test(sessionToken)) return { ok: false, status: 'INVALID' };
    const hash = sha256(sessionToken);
    const session = await this.store.findSession(hash);
    if (!session) return { ok: false, status: 'INVALID' };
    const at = this.now();
    if (this.lapsed(session, at)) {
      await this.store.deleteSession(hash);
      return { ok: false, status: 'NOT_AUTHORIZED' };
    }
    let lastSeen = session.lastSeenAt.getTime();
    if (at.getTime() - lastSeen >= SESSION_TOUCH_INTERVAL_MS) {
      await this.store.touchSession(hash, at);
      lastSeen = at.getTime();
    }
    const expiresAt = session.expiresAt.getTime();
    return {
      ok: true,
      amgUUID: session.userId,
      expiresOn: seconds(Math.min(expiresAt, lastSeen + this.idleMs)),
      absoluteExpiresOn: seconds(expiresAt),
    };
  }

  /** Ends this session; no session, an unknown or an ended one is no error (signing out twice is fine). */
  async signOut(sessionToken: string | undefined): Promise<void> {
    if (!sessionToken || !SIGN_IN_SECRET.test(sessionToken)) return;
    await this.store.deleteSession(sha256(sessionToken));
  }

  /**
   * Ends every session of this session's user (a lost phone, a shared computer); answers how
   * many ended. Only a valid session speaks for its user: an expired one ends alone.
   */
  async signOutEverywhere(sessionToken: string | undefined): Promise<number> {
    if (!sessionToken || !SIGN_IN_SECRET.test(sessionToken)) return 0;
    const hash = sha256(sessionToken);
    const session = await this.store.findSession(hash);
    if (!session) return 0;
    if (this.lapsed(session, this.now())) return this.store.deleteSession(hash);
    return this.store.deleteSessionsOf(session.userId);
  }

  /** Past its 30 days, or unused for longer than the idle period. */
  private lapsed(session: StoredSession, at: Date): boolean {
    return session.expiresAt.getTime() <= at.getTime() || session.lastSeenAt.getTime() + this.idleMs <= at.getTime();
  }

  async email(sessionToken: string | undefined): Promise<string | null> {
    const verified = await this.verify(sessionToken);
    if (!verified.ok) return null;
    // A session that expires between two calls has no e-mail: the caller answers 401.
    return this.store.emailOf(verified.amgUUID);
  }
}
