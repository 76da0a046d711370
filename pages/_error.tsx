import type { NextPageContext } from 'next';
import { ErrorPage } from '@/components/errors/ErrorPage';
import { errorModeProps, errorStatus, type ErrorPageProps } from '@/lib/journey/errorPage';
import { pageI18nOf } from '@/lib/i18n/pageI18n';

/**
 * The words of the page the browser loaded, for a failure while it ran: their `common` holds
 * what a failed page says, in its campaign's language (Next keeps the first page's props in
 * __NEXT_DATA__; a journey's later steps speak the same locale).
 */
function loadedPageWords(): Pick<ErrorPageProps, 'i18n'> {
  const data = (window as Window & { __NEXT_DATA__?: { props?: { pageProps?: unknown } } }).__NEXT_DATA__;
  const i18n = pageI18nOf(data?.props?.pageProps);
  return i18n ? { i18n } : {};
}

export default function ErrorRoute(props: ErrorPageProps) {
  return <ErrorPage {...props} />;
}

/**
 * Every error page, 404 and 500 included (there is no pages/404 or pages/500): with
 * getInitialProps Next renders it per request, never prerendered, so that each answer gets
 * its own CSP nonce from _document. Only the status, the brand and, on a 404, what was not
 * found and the brands' current offers reach the page, with the words of the campaign or brand
 * the URL names.
 */
ErrorRoute.getInitialProps = async ({ req, res, err, asPath }: NextPageContext): Promise<ErrorPageProps> => {
  const statusCode = errorStatus(res?.statusCode ?? err?.statusCode ?? (err ? 500 : 404));
  if (typeof window === 'undefined') {
    // Server only: the bundler drops this branch, and the catalogue with it, from the browser's code.
    const { errorPageProps } = await import('@/lib/server/ssr/errorPage');
    return errorPageProps(req, statusCode);
  }
  // In the browser: a page not found during a client-side navigation is loaded from the
  // server, which knows its brand (a server-rendered error page hydrates without coming here).
  if (!err && statusCode === 404 && asPath) {
    window.location.assign(asPath);
    return new Promise<never>(() => {});
  }
  // A failure while the page ran in the browser: no brand (the catalogue is the server's), but
  // the way back to the account and test mode, read from the URL, as the server would.
  return { statusCode, brand: null, ...(asPath ? errorModeProps(asPath) : {}), ...loadedPageWords() };
};
