import Document, { Head, Html, Main, NextScript, type DocumentContext, type DocumentInitialProps } from 'next/document';
import { TitleCollector } from '@/components/shell/DocumentTitle';
import { applyDocumentSecurity } from '@/lib/server/ssr/documentSecurity';
import { ERROR_REPORTS_META, errorReportsMetaContent } from '@/lib/config/errorReportsConfig';
import { serverEnv } from '@/lib/config/serverEnv';

interface Props extends DocumentInitialProps {
  title: string | null;
  /** This response's CSP nonce: our script tags carry it, and what they load is trusted through them. */
  nonce: string;
  /** Where the browser reports errors (lib/config/errorReportsConfig.ts); null without a DSN. */
  errorReports: string | null;
}

export default class JourneyDocument extends Document<Props> {
  static async getInitialProps(ctx: DocumentContext): Promise<Props> {
    const nonce = applyDocumentSecurity(ctx.req, ctx.res, ctx.asPath);
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
    return { ...initialProps, title, nonce, errorReports: errorReportsMetaContent(serverEnv()) };
  }

  render() {
    // Operator pages are neither indexed nor followed; brand pages are not indexed either.
    const robots = this.props.__NEXT_DATA__.page.startsWith('/admin') ? 'noindex, nofollow' : 'noindex';
    return (
      <Html lang="en">
        <Head nonce={this.props.nonce}>
          {this.props.title !== null && <title>{this.props.title}</title>}
          <meta name="robots" content={robots} />
          {this.props.errorReports !== null && <meta name={ERROR_REPORTS_META} content={this.props.errorReports} />}
          {/* Brand pages carry no favicon of their own yet: say so rather than let browsers ask for one. */}
          <link rel="icon" href="data:," />
        </Head>
        <body>
          <Main />
          <NextScript nonce={this.props.nonce} />
        </body>
      </Html>
    );
  }
}
