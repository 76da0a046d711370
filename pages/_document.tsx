import Document, { Head, Html, Main, NextScript, type DocumentContext, type DocumentInitialProps } from 'next/document';
import { HtmlContext, type HtmlProps } from 'next/dist/shared/lib/html-context.shared-runtime';
import { TitleCollector } from '@/components/shell/DocumentTitle';
import { applyDocumentSecurity } from '@/lib/server/ssr/documentSecurity';
import { frameworkInlineScripts } from '@/lib/server/ssr/frameworkInlineScripts';
import { ERROR_REPORTS_META, errorReportsMetaContent } from '@/lib/config/errorReportsConfig';
import { serverEnv } from '@/lib/server/config/serverEnv';
import { pageI18nOf } from '@/lib/i18n/pageI18n';

interface Props extends DocumentInitialProps {
  title: string | null;
  /**
   * This response's CSP nonce: our script tags carry it, and what they load is trusted
   * through them. None on a page a shared cache keeps (documentSecurity.ts).
   */
  nonce: string | undefined;
  /** Whether a shared cache may keep the page (lib/server/http/pageCaching.ts). */
  shared: boolean;
  /** Lets the framework's inline scripts of a shared page run, by hash. */
  allowInlineScripts: (scripts: readonly string[]) => void;
  /** Where the browser reports errors (lib/config/errorReportsConfig.ts); null without a DSN. */
  errorReports: string | null;
}

export default class JourneyDocument extends Document<Props> {
  // The page's build manifest and data, which Next's own <Head> and <NextScript> read too.
  static contextType = HtmlContext;
  declare context: HtmlProps;

  static async getInitialProps(ctx: DocumentContext): Promise<Props> {
    const { shared, nonce, allowInlineScripts } = applyDocumentSecurity(ctx.req, ctx.res, ctx.asPath);
    let title: string | null = null;
    const renderPage = ctx.renderPage;
    ctx.renderPage = () =>
      renderPage({
        enhanceApp: (App) =>
          function WithTitle(props) {
            return (
              <TitleCollector.Provider value={(collected) => (title = collected)}>
                <App {...props} />
              </TitleCollector.Provider>
            );
          },
      });
    const initialProps = await Document.getInitialProps(ctx);
    return { ...initialProps, title, shared, nonce, allowInlineScripts, errorReports: errorReportsMetaContent(serverEnv()) };
  }

  render() {
    // Still before the answer's headers go out: the whole document renders first.
    this.props.allowInlineScripts(frameworkInlineScripts(this.context));
    // Operator pages are neither indexed nor followed; brand pages are not indexed either.
    const robots = this.props.__NEXT_DATA__.page.startsWith('/admin') ? 'noindex, nofollow' : 'noindex';
    // A shared page carries no request's trace (the sentry-trace and baggage meta tags Next
    // writes for the error-report SDK): every visitor's browser would join that one trace.
    const headContext = this.props.shared ? { ...this.context, experimentalClientTraceMetadata: undefined } : this.context;
    return (
      <Html lang={pageI18nOf(this.props.__NEXT_DATA__.props?.pageProps)?.locale ?? 'en'}>
        <HtmlContext.Provider value={headContext}>
          <Head nonce={this.props.nonce}>
            {this.props.title !== null && <title>{this.props.title}</title>}
            <meta name="robots" content={robots} />
            {this.props.errorReports !== null && <meta name={ERROR_REPORTS_META} content={this.props.errorReports} />}
            {/* Brand pages carry no favicon of their own yet: say so rather than let browsers ask for one. */}
            <link rel="icon" href="data:," />
          </Head>
        </HtmlContext.Provider>
        <body>
          <Main />
          <NextScript nonce={this.props.nonce} />
        </body>
      </Html>
    );
  }
}
