import Document, { Head, Html, Main, NextScript, type DocumentContext, type DocumentInitialProps } from 'next/document';
import { TitleCollector } from '@/components/shell/DocumentTitle';

interface Props extends DocumentInitialProps {
  title: string | null;
}

export default class JourneyDocument extends Document<Props> {
  static async getInitialProps(ctx: DocumentContext): Promise<Props> {
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
    return { ...initialProps, title };
  }

  render() {
    // Operator pages are neither indexed nor followed; brand pages are not indexed either.
    const robots = this.props.__NEXT_DATA__.page.startsWith('/admin') ? 'noindex, nofollow' : 'noindex';
    return (
      <Html lang="en">
        <Head>
          {this.props.title !== null && <title>{this.props.title}</title>}
          <meta name="robots" content={robots} />
          {/* Brand pages carry no favicon of their own yet: say so rather than let browsers ask for one. */}
          <link rel="icon" href="data:," />
        </Head>
        <body>
          <Main />
          <NextScript />
        </body>
      </Html>
    );
  }
}
