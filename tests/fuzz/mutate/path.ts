import type { Draft } from '@/tests/fuzz/request';
import type { Rng } from '@/tests/fuzz/rng';
import { UNKNOWN_BRAND, UNKNOWN_SLUG, type FuzzContext, type Route } from '@/tests/fuzz/routes';
import { randomCodePoints } from '@/tests/fuzz/values';

/**
 * Path mutations: encoded slashes and backslashes, dot segments (plain and encoded), very
 * long segments (to and beyond the 4096-character target), unknown brands, campaigns and
 * steps, NUL and other encoded controls, bytes that are not UTF-8, raw unicode, and odd
 * suffixes (";", ".json", "~", a trailing or doubled slash).
 */

const TARGET_MAX = 4096;

function segmentsOf(path: string): string[] {
  return path.split('/').slice(1);
}

function join(segments: string[]): string {
  return `/${segments.join('/')}`;
}

/** Replaces one segment (never the empty root); a path with none gets one appended. */
function replaceSegment(rng: Rng, path: string, make: (old: string) => string): string {
  const segments = segmentsOf(path);
  if (segments.length === 0) return `/${make('')}`;
  const index = rng.int(0, segments.length - 1);
  segments[index] = make(segments[index] ?? '');
  return join(segments);
}

function insertSegment(rng: Rng, path: string, segment: string): string {
  const segments = segmentsOf(path);
  segments.splice(rng.int(0, segments.length), 0, segment);
  return join(segments);
}

type PathMutation = (rng: Rng, path: string, route: Route, ctx: FuzzContext) => { path: string; label: string };

const MUTATIONS: readonly (readonly [PathMutation, number])[] = [
  [
    (rng, path) => {
      const slash = rng.pick(['%2F', '%2f', '%5C', '%5c', '\\', '%252F', '%c0%af', '%e0%80%af']);
      const segments = segmentsOf(path);
      if (segments.length < 2) return { path: `${path}${slash}..${slash}api${slash}ping`, label: `encoded-slash:${slash}` };
      const at = rng.int(1, segments.length - 1);
      return { path: `/${segments.slice(0, at).join('/')}${slash}${segments.slice(at).join('/')}`, label: `encoded-slash:${slash}` };
    },
    4,
  ],
  [
    (rng, path) => {
      const dot = rng.pick(['.', '..', '%2e', '%2e%2e', '.%2e', '%2E%2E', '...', '..;', '..%00', '..%2f..']);
      if (rng.chance(0.3))
        return {
          path: `${path}/${dot}/${rng.pick(['api/admin/outbox', 'status', '..', 'etc/passwd', '.next/BUILD_ID'])}`,
          label: `dot-segment:${dot}:escape`,
        };
      return { path: insertSegment(rng, path, dot), label: `dot-segment:${dot}` };
    },
    4,
  ],
  [
    (rng, path) => {
      const length = rng.pick([65, 255, 1000, TARGET_MAX - path.length - 2, TARGET_MAX + 10, 20_000]);
      const unit = rng.pick(['a', '-', '%41', 'é']);
      const segment = unit.repeat(Math.max(1, Math.ceil(length / unit.length)));
      return {
        path: rng.chance(0.5) ? insertSegment(rng, path, segment) : replaceSegment(rng, path, () => segment),
        label: `long-segment:${length}`,
      };
    },
    3,
  ],
  [
    (rng, path, route, ctx) => {
      if (route.kind === 'page') {
        const c = rng.pick(ctx.campaigns);
        const choice = rng.pick([
          `/${UNKNOWN_BRAND}/${c.slug}`,
          `/${c.brand}/${UNKNOWN_SLUG}`,
          `/${c.brand}/${c.slug}/nosuch-step`,
          `/${c.brand}/${c.slug}/cart/extra`,
          `/${c.brand}/${c.slug}/credit-card/amazon-pay/extra`,
          `/${c.brand}/${c.slug}/auth`,
          `/${c.brand}/${c.slug}/auth/initiate/${'a/'.repeat(10)}b`,
          `/${c.brand.toUpperCase()}/${c.slug}`,
          `/${c.brand}/${c.slug.replace(/-/g, '_')}`,
          `/${c.brand}/${c.slug}/${'success'.repeat(20)}`,
          `/${c.brand}/${c.slug}/a/b/c/d/e/f/g`,
          `/${c.brand}--x/${c.slug}`,
          `/-${c.brand}/${c.slug}-`,
          `/${c.brand}`,
        ]);
        return { path: choice, label: `unknown:${choice.slice(0, 40)}` };
      }
      const choice = rng.pick([
        `${path}/extra`,
        `${path}x`,
        path.replace(/[a-z]+$/, 'nosuch'),
        `${path}/..`,
        path.replace(/^\/api\//, '/api/v2/'),
      ]);
      return { path: choice, label: `unknown:${choice.slice(0, 40)}` };
    },
    5,
  ],
  [
    (rng, path) => {
      const control = rng.pick([
        '%00',
        '%0a',
        '%0d%0a',
        '%09',
        '%20',
        '%7f',
        '%ff',
        '%fe%ff',
        '%c0%80',
        '%ed%a0%80',
        '%f4%90%80%80',
        '%25',
        '%2525',
        '%3f',
        '%23',
        '%3b',
      ]);
      return {
        path: rng.chance(0.5) ? `${path}${control}` : replaceSegment(rng, path, (old) => `${old}${control}${old}`),
        label: `encoded-control:${control}`,
      };
    },
    4,
  ],
  [
    (rng, path) => {
      const kind = rng.pick(['encoded', 'raw']);
      const text = randomCodePoints(rng, rng.int(1, 10));
      let segment: string;
      try {
        segment = kind === 'encoded' ? encodeURIComponent(text) : text.replace(/[\s/?#]/g, '_');
      } catch {
        segment = '%F0%9F%98%80';
      }
      return { path: replaceSegment(rng, path, () => segment), label: `unicode:${kind}` };
    },
    3,
  ],
  [
    (rng, path) => {
      const suffix = rng.pick([
        '/',
        '//',
        ';',
        ';jsessionid=1',
        '.json',
        '.html',
        '~',
        '*',
        '%2A',
        '.',
        '..',
        '/index',
        '/.',
        ':x',
        '%20',
        '#frag',
        '/_next/data',
      ]);
      return { path: `${path}${suffix}`, label: `suffix:${suffix}` };
    },
    3,
  ],
  [
    (rng, path) => {
      const kind = rng.pick(['double-slash', 'leading-double', 'upper', 'empty-segments']);
      if (kind === 'double-slash') return { path: path.replace(/\//g, '//'), label: kind };
      if (kind === 'leading-double') return { path: `//${path.replace(/^\/+/, '')}`, label: kind };
      if (kind === 'upper') return { path: path.toUpperCase(), label: kind };
      return { path: `${path}/${'/'.repeat(rng.int(1, 20))}x`, label: kind };
    },
    2,
  ],
  [
    (rng, _path, _route, ctx) => {
      const choice = rng.pick([
        `/_next/data/${ctx.buildId}/../../../package.json`,
        `/_next/data/garbage/vogue/demo-single.json`,
        `/_next/data/${ctx.buildId}/vogue/demo-single`,
        `/_next/data/${ctx.buildId}/%2e%2e/vogue.json`,
        '/purchase-journey/_next/static/../../../package.json',
        '/purchase-journey/_next/static/%2e%2e/%2e%2e/%2e%2e/package.json',
        '/purchase-journey/_next/static/chunks/%00.js',
        '/purchase-journey/_next/static/chunks/nosuch.js',
        '/purchase-journey/_next/%2e%2e/server/pages-manifest.json',
        '/_next/static/chunks/../../server/pages-manifest.json',
        '/purchase-journey/_next/static/chunks/pages/_app.js.map',
        '/purchase-journey/../.env',
        '/purchase-journey/_next/image?url=//evil.example/x.png',
      ]);
      return { path: choice.split('?')[0] ?? choice, label: `next-path:${choice.slice(0, 50)}` };
    },
    2,
  ],
];

export function mutatePath(rng: Rng, draft: Draft, route: Route, ctx: FuzzContext): string {
  const { path, label } = rng.weighted(MUTATIONS)(rng, draft.path, route, ctx);
  draft.path = path;
  return `path:${label}`;
}
