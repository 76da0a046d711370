// @ts-check
const { withSentryConfig } = require('@sentry/nextjs/config');

/** Built assets are served under the purchase journey's own path (SPEC §2). */
const ASSET_PREFIX = '/purchase-journey';

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  assetPrefix: ASSET_PREFIX,
  serverExternalPackages: ['better-sqlite3'],
  env: { NEXT_PUBLIC_ASSET_PREFIX: ASSET_PREFIX },
  // The spec's browser calls (SPEC 7) are served by our own API routes.
  // beforeFiles: these paths are never pages, so Next need not look for one first (the
  // funnel takes beacon traffic, where every step per request counts).
  async rewrites() {
    return {
      beforeFiles: [
        { source: '/martech/api/user/v2/:path*', destination: '/api/user/v2/:path*' },
        // Tracking (issue 5): the built-in funnel, segmentation, analytics collector and schema inspector.
        { source: '/martech/api/funnel', destination: '/api/funnel' },
        { source: '/user-context/segmentation/:operation', destination: '/api/segmentation/:operation' },
        { source: '/com.condenast/yv8', destination: '/api/collector' },
        { source: '/martech/api/schema-inspector', destination: '/api/schema-inspector' },
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
