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
  adminToken: string;
  reportPassword: string;
  funnelKey: string;
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
