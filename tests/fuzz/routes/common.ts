import { setHeader, type Draft } from '@/tests/fuzz/request';
import type { Rng } from '@/tests/fuzz/rng';

/** What the route definitions share: a route's shape, the run's context, and helpers that build and invalidate requests. */

export interface Campaign {
  brand: string;
  slug: string;
  campaignId: string;
  offers: string[];
}

export interface FuzzContext {
  /** "127.0.0.1:PORT": the Host our own requests name. */
  host: string;
  buildId: string;
  /** Paths of built assets, under /purchase-journey/_next/static/. */
  assets: string[];
  campaigns: Campaign[];
  funnelKey: string;
  /** A personal API token of the fuzz's admin operator, with every scope (tests/fuzz/server.ts seedOperators). */
  adminToken: string;
  /** PJ_operator cookie values of signed-in back-office sessions: an admin's and a marketer's (reports only). */
  adminSession: string;
  marketerSession: string;
  /** The operators' addresses: never sent to POST /api/operator/links, which would write a link and a mail for them. */
  operatorEmails: readonly string[];
}

export type RouteKind = 'page' | 'api' | 'asset' | 'other';

export interface Route {
  name: string;
  kind: RouteKind;
  /** The methods the route answers; the method mutations send the others. */
  methods: readonly string[];
  /** The largest body the route takes (the body mutations go just above it). */
  maxBody: number;
  /** Query keys the route reads (the query mutations target them). */
  queryKeys: readonly string[];
  base(rng: Rng, ctx: FuzzContext): Draft;
  /** Makes sure that the request cannot be accepted; applied last (routes that write). */
  invalidate?(rng: Rng, draft: Draft, ctx: FuzzContext): string;
}

export const KiB = 1024;
export const MiB = 1024 * KiB;
export const HTML_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
export const JSON_HEADERS: [string, string][] = [
  ['Accept', 'application/json'],
  ['Content-Type', 'application/json'],
];

export const UNKNOWN_BRAND = 'nosuchbrand';
export const UNKNOWN_SLUG = 'no-such-campaign';
/** A time in the sane range of the tracking schemas (2026-11-21T12:00:00Z). */
export const SEEN_AT = Date.UTC(2026, 10, 21, 12);

/** base32 as the sandbox's ids use it. */
export function sandboxId(rng: Rng, prefix: 'pi_sandbox_' | 'wp_sandbox_'): string {
  let id = prefix;
  for (let i = 0; i < 20; i++) id += rng.pick([...'abcdefghijklmnopqrstuvwxyz234567']);
  return id;
}

export function campaign(rng: Rng, ctx: FuzzContext): Campaign {
  return rng.pick(ctx.campaigns);
}

/** A client address as a trusted proxy would append it (TRUSTED_PROXIES=127.0.0.1, TRUSTED_PROXY_HOPS=1), so that limits are spread over many clients. */
export function withClient(rng: Rng, draft: Draft): Draft {
  if (rng.chance(0.8)) draft.headers.push(['X-Forwarded-For', rng.ipv4()]);
  return draft;
}

/** Sets a value at a path inside a JSON value, when the parents are objects; false otherwise. */
export function setAt(root: unknown, path: readonly (string | number)[], value: unknown): boolean {
  let node = root;
  for (const key of path.slice(0, -1)) {
    if (typeof node !== 'object' || node === null) return false;
    node = (node as Record<string | number, unknown>)[key];
  }
  if (typeof node !== 'object' || node === null) return false;
  (node as Record<string | number, unknown>)[path[path.length - 1]!] = value;
  return true;
}

export function deleteAt(root: unknown, path: readonly (string | number)[]): void {
  let node = root;
  for (const key of path.slice(0, -1)) {
    if (typeof node !== 'object' || node === null) return;
    node = (node as Record<string | number, unknown>)[key];
  }
  if (typeof node === 'object' && node !== null) delete (node as Record<string | number, unknown>)[path[path.length - 1]!];
}

/** Applies one of the ways a route's request is made invalid; returns its label. */
export function oneOf(rng: Rng, ways: readonly [string, () => void][]): string {
  const [label, apply] = rng.pick(ways);
  apply();
  return `invalid:${label}`;
}

/** Sets the draft's Content-Type, as most body mutations need to. */
export function setContentType(draft: Draft, value: string | null): void {
  if (value === null) draft.headers = draft.headers.filter(([name]) => name.toLowerCase() !== 'content-type');
  else setHeader(draft, 'Content-Type', value);
}

/** The headers a browser sends with a same-origin post (half the time: servers and curl send neither). */
export function sameOrigin(rng: Rng, ctx: FuzzContext): [string, string][] {
  return rng.chance(0.5)
    ? [
        ['Origin', `http://${ctx.host}`],
        ['Sec-Fetch-Site', 'same-origin'],
      ]
    : [];
}

/** Makes a request one another site's page had the browser send: refused 403 before its body is read. */
export function crossSite(draft: Draft): void {
  draft.headers = draft.headers.filter(([name]) => !['origin', 'sec-fetch-site'].includes(name.toLowerCase()));
  draft.headers.push(['Origin', 'https://evil.example'], ['Sec-Fetch-Site', 'cross-site']);
}

// ——— Operators' credentials ———

/**
 * A PJ_operator cookie value the server never takes: unknown, or a near miss of a real
 * session or token. (No quotes or %-escapes: the cookie parser would undo those and make a
 * near miss the real session.)
 */
export function wrongOperatorSession(rng: Rng, ctx: FuzzContext): string {
  const session = rng.pick([ctx.adminSession, ctx.marketerSession]);
  return rng.pick([
    rng.hex(43),
    'A'.repeat(43),
    `${session}x`,
    session.slice(0, -1),
    session.slice(1),
    `${session.slice(0, -1)}${session.endsWith('A') ? 'B' : 'A'}`,
    ctx.adminToken,
    'x'.repeat(rng.pick([1, 100, 4000])),
  ]);
}

/** A personal API token the server never takes: unknown, a near miss of the real one, a session where a token goes. */
export function wrongOperatorToken(rng: Rng, ctx: FuzzContext): string {
  return rng.pick([
    `pjop_${rng.hex(43)}`,
    'pjop_',
    `${ctx.adminToken}x`,
    ctx.adminToken.slice(0, -1),
    ctx.adminToken.toUpperCase(),
    `pjop_${'A'.repeat(300)}`,
    ctx.adminSession,
    rng.hex(64),
  ]);
}

export type OperatorCredential = 'admin-token' | 'admin-session' | 'marketer-session' | 'wrong-token' | 'wrong-session' | 'none';

/** Puts a credential on a request: the admin's token (Authorization) or a session (the PJ_operator cookie over plain http). */
export function withCredential(draft: Draft, credential: OperatorCredential, rng: Rng, ctx: FuzzContext): Draft {
  if (credential === 'admin-token') draft.headers.push(['Authorization', `Bearer ${ctx.adminToken}`]);
  if (credential === 'wrong-token') draft.headers.push(['Authorization', `Bearer ${wrongOperatorToken(rng, ctx)}`]);
  if (credential === 'admin-session') draft.headers.push(['Cookie', `PJ_operator=${ctx.adminSession}`]);
  if (credential === 'marketer-session') draft.headers.push(['Cookie', `PJ_operator=${ctx.marketerSession}`]);
  if (credential === 'wrong-session') draft.headers.push(['Cookie', `PJ_operator=${wrongOperatorSession(rng, ctx)}`]);
  return draft;
}

/**
 * Credentials for an endpoint of the admin area (/api/admin/*, /api/operator/operators…):
 * mostly the admin's token, so that what lies behind it is reached; sometimes the admin's
 * session, a marketer's (403), wrong ones (401, then 429 per client) or none.
 */
export function adminCredential(rng: Rng): OperatorCredential {
  return rng.weighted<OperatorCredential>([
    ['admin-token', 12],
    ['admin-session', 3],
    ['marketer-session', 1],
    ['wrong-token', 2],
    ['wrong-session', 1],
    ['none', 1],
  ]);
}

/** An id of an operator or a token in its valid form, drawn at random: never one the database holds. */
export function unknownOperatorId(rng: Rng, prefix: 'op' | 'opt'): string {
  let id = `${prefix}_`;
  for (let i = 0; i < 20; i++) id += rng.pick([...'abcdefghijklmnopqrstuvwxyz234567']);
  return id;
}
