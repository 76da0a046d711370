import type { HtmlProps } from 'next/dist/shared/lib/html-context.shared-runtime';
import { getTurbopackChunkGroupBootstrap } from 'next/dist/server/get-page-files';
import { htmlEscapeJsonString } from 'next/dist/shared/lib/htmlescape';

/**
 * The inline scripts Next writes into a page of this build, computed as Next's own
 * <Head> computes them (next/dist/pages/_document.js, getInlineBootstrapScript): in a
 * Turbopack production build, one script that queues the chunks of `_app` and of the page
 * for the runtime. A shared page's policy allows these by hash (documentSecurity.ts); they
 * come from the build manifest, never from the page's output, so nothing injected into a
 * page can get itself allowed. Should Next add another, the offer page's browser test
 * (content-security.spec.ts) sees it blocked.
 */
export function frameworkInlineScripts(context: Pick<HtmlProps, 'buildManifest' | '__NEXT_DATA__'>): string[] {
  const { pagesChunkGroupBootstrapParams, chunkLoadingGlobal } = context.buildManifest;
  if (!pagesChunkGroupBootstrapParams || !chunkLoadingGlobal) return [];
  const bootstrap = getTurbopackChunkGroupBootstrap(pagesChunkGroupBootstrapParams, chunkLoadingGlobal, [
    '/_app',
    context.__NEXT_DATA__.page,
  ]);
  return bootstrap ? [htmlEscapeJsonString(bootstrap)] : [];
}
