// @ts-check
const { withSentryConfig } = require('@sentry/nextjs/config');

/** Built assets are served under the purchase journey's own path (SPEC §2). */
const ASSET_PREFIX = '/purchase-journey';

/**
 * Headers on every answer: no MIME sniffing, no framing by other sites, referrers without
 * paths to other origins, and no browser features the journey does not use. The payment
 * step and the account's card change alone may use the Payment Request API (Stripe's
 * frames there).
 * Pages replace this Content-Security-Policy with their full one (a nonce per response,
 * the configured parties' hosts: lib/server/ssr/documentSecurity.ts); every other answer
 * keeps this one. HSTS is sent by entrypoint/index.mjs, from PUBLIC_ORIGIN at run time (this
 * list is fixed at build time).
 */
const SECURITY_HEADERS = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'Content-Security-Policy', value: "frame-ancestors 'none'" },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'Permissions-Policy', value: 'payment=(), camera=(), microphone=(), geolocation=(), usb=()' },
];
const PAYMENT_STEP_PERMISSIONS = {
  key: 'Permissions-Policy',
  value: 'payment=(self "https://js.stripe.com"), camera=(), microphone=(), geolocation=(), usb=()',
};
/** Operators' answers hold customers' data and live sign-in links: never kept by a cache. */
const NO_STORE = { key: 'Cache-Control', value: 'no-store' };

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  // npm test type-checks the whole project (tsc --noEmit) before it builds, and fails the run
  // on an error; its build skips Next's second pass over the same files (some 90 s here).
  typescript: { ignoreBuildErrors: process.env.BUILD_TYPES_CHECKED === '1' },
  // An ETag lets a request with If-None-Match be answered 304 with no body, even a POST that
  // charged a card; the journey's answers are dynamic and not worth revalidating.
  generateEtags: false,
  poweredByHeader: false,
  assetPrefix: ASSET_PREFIX,
  // pdfkit reads its fonts' metrics from its own folder at run time: required, not bundled.
  serverExternalPackages: ['better-sqlite3', 'pdfkit'],
  // Browser chunks carry V8's compile hint, so that a phone compiles them while they download
  // (scripts/compileHints.mjs). Runs before Sentry's own step, which wraps this one.
  compiler: {
    runAfterProductionCompile: async ({ distDir }) => {
      const { addCompileHints } = await import('./scripts/compileHints.mjs');
      addCompileHints(distDir);
    },
  },
  experimental: {
    // No `turbopackChunking` merge (issue 25): React, Next and the shell in one 114.8 kB gzip
    // chunk saved 2.5 kB, but a phone then parses and runs it as one long task before the
    // page answers; Turbopack's own split lets the browser stream and compile the parts apart
    // and keeps each task shorter (docs/performance.md has the figures).
  },
  env: { NEXT_PUBLIC_ASSET_PREFIX: ASSET_PREFIX },
  // The spec's browser calls (SPEC 7) are served by our own API routes.
  // beforeFiles: these paths are never pages, so Next need not look for one first (the
  // funnel takes beacon traffic, where every step per request counts).
  async headers() {
    return [
      { source: '/:path*', headers: SECURITY_HEADERS },
      { source: '/:brand/:slug/credit-card/:rest*', headers: [PAYMENT_STEP_PERMISSIONS] },
      { source: '/account/subscriptions/:id/card', headers: [PAYMENT_STEP_PERMISSIONS] },
      { source: '/api/admin/:path*', headers: [NO_STORE] },
      { source: '/admin/:path*', headers: [NO_STORE] },
    ];
  },
  async rewrites() {
    return {
      beforeFiles: [
        { source: '/martech/api/user/v2/:path*', destination: '/api/user/v2/:path*' },
        // Tracking (issue 5): the built-in funnel, segmentation, analytics collector and schema inspector.
        { source: '/martech/api/funnel', destination: '/api/funnel' },
        { source: '/user-context/segmentation/:operation', destination: '/api/segmentation/:operation' },
        { source: '/com.condenast/yv8', destination: '/api/collector' },
        { source: '/martech/api/schema-inspector', destination: '/api/schema-inspector' },
        // Apple Pay's domain verification (issue 25): the file is a setting, served by an API route.
        { source: '/.well-known/apple-developer-merchantid-domain-association', destination: '/api/apple-pay/domain-association' },
      ],
    };
  },
};

module.exports = withSentryConfig(nextConfig, {
  // Builds run offline: no telemetry, no source-map upload, no release lookups.
  telemetry: false,
  silent: true,
  sourcemaps: { disable: true },
  release: { create: false, finalize: false },
});
