// The error route as the server runs it (no window): its props and HTML carry the status and
// the brand, and nothing of the error.
import { renderToString } from 'react-dom/server';
import type { NextPageContext } from 'next';
import { describe, expect, it, vi } from 'vitest';
import { demoSnapshot } from '@/tests/fixtures/demoSnapshot';
import ErrorRoute from '@/pages/_error';
import { errorPageI18n } from '@/lib/server/ssr/errorPage';

// The error page reads the catalogue through the server context; here, the demo catalogue's snapshot.
const catalogue = vi.hoisted(() => ({ get: (): unknown => undefined }));
vi.mock('@/lib/server/context/serverContext', () => ({
  serverContext: async () => ({ catalogue, clock: () => new Date('2026-11-27T12:00:00Z') }),
}));
catalogue.get = () => demoSnapshot();

/** What a failure inside our code might carry: none of it may reach the page. */
const SECRETS = [
  'SQLITE_CANTOPEN',
  '/work/main/lib/server/db/appDb.ts',
  'at async getServerSideProps',
  'req_7f3a9c',
  'next',
  'Next.js',
  'React',
  'Kysely',
  'stack',
];

function failure(): Error & { statusCode?: number } {
  const error = new Error('SQLITE_CANTOPEN: unable to open /work/main/lib/server/db/appDb.ts (request req_7f3a9c)');
  error.stack = `${error.message}\n    at async getServerSideProps (/work/main/lib/server/db/appDb.ts:12:3)`;
  return error;
}

async function serverRender(url: string, statusCode: number, err?: Error, cookie?: string) {
  const req = { url, headers: cookie ? { cookie } : {} };
  const context = { req, res: { statusCode }, err, asPath: url, pathname: '/_error', query: {} } as unknown as NextPageContext;
  const props = await ErrorRoute.getInitialProps!(context);
  return { props, html: renderToString(<ErrorRoute {...props} />) };
}

describe('pages/_error on the server', () => {
  it('a 404 under /vogue/no-such-campaign: status 404 and the Vogue page', async () => {
    const { props, html } = await serverRender('/vogue/no-such-campaign', 404);
    expect(props).toEqual({
      statusCode: 404,
      brand: expect.objectContaining({ name: 'Vogue', home: '/vogue/demo-single' }),
      missing: 'offer_unknown',
      i18n: expect.objectContaining({ locale: 'en-US' }),
    });
    expect(html).toContain('We couldn&#x27;t find this offer');
    expect(html).toContain('See Vogue&#x27;s current offer');
  });

  it('a 404 under /vogue/demo-ended, an ended campaign: says so, and links the current offer', async () => {
    const { props, html } = await serverRender('/vogue/demo-ended?livemode=false', 404);
    expect(props).toMatchObject({ statusCode: 404, brand: { home: '/vogue/demo-single?livemode=false' }, missing: 'offer_ended' });
    expect(html).toContain('This offer has ended');
  });

  it('a 404 under /nothing: status 404, neutral, with the brands', async () => {
    const { props, html } = await serverRender('/nothing', 404);
    expect(props).toEqual({
      statusCode: 404,
      brand: null,
      brands: expect.arrayContaining([{ name: 'Vogue', href: '/vogue/demo-single' }]),
      i18n: expect.objectContaining({ locale: 'en-US' }),
    });
    expect(html).toContain('Page not found');
    expect(html).toContain('Our brands');
  });

  it.each([
    ['?livemode=false', undefined],
    ['', 'mt_livemode=false'],
  ])(
    'a 404 under /account in test mode (%s, cookie %s): the banner, and the way back to the account in test mode',
    async (query, cookie) => {
      const { props, html } = await serverRender(`/account/nothing${query}`, 404, undefined, cookie);
      expect(props).toEqual({
        statusCode: 404,
        brand: null,
        account: '/account?livemode=false',
        livemode: false,
        i18n: expect.objectContaining({ locale: 'en-US' }),
      });
      expect(html).toContain('data-testid="test-mode-banner"');
      expect(html).toContain('href="/account?livemode=false"');
    },
  );

  it('a 404 under a brand with the mt_livemode cookie: the banner, and the way on in test mode', async () => {
    const { html } = await serverRender('/vogue/no-such-campaign', 404, undefined, 'mt_livemode=false');
    expect(html).toContain('data-testid="test-mode-banner"');
    expect(html).toContain('href="/vogue/demo-single?livemode=false"');
  });

  it('a 404 under /account, live: no banner', async () => {
    const { html } = await serverRender('/account/nothing', 404, undefined, 'mt_livemode=true');
    expect(html).not.toContain('test-mode-banner');
    expect(html).toContain('href="/account"');
  });

  it('a 500 carries only its status and brand: no message, path, stack, request id or framework name', async () => {
    const { props, html } = await serverRender('/vogue/demo-single/credit-card', 500, failure());
    expect(Object.keys(props).sort()).toEqual(['brand', 'i18n', 'statusCode']);
    expect(props.statusCode).toBe(500);
    // The words are the catalogue's, the same for every page in the locale: nothing of the error.
    const { i18n, ...rest } = props;
    expect(i18n).toEqual(errorPageI18n('en-US'));
    const everything = `${JSON.stringify(rest)}\n${html}`;
    for (const secret of SECRETS) expect(everything).not.toContain(secret);
    expect(html).toContain('Nothing was charged');
  });

  it('a status that is not an error is answered as a 500', async () => {
    expect((await serverRender('/nothing', 200, failure())).props.statusCode).toBe(500);
  });

  it('a catalogue that cannot be read makes a neutral page, not a second failure', async () => {
    vi.spyOn(catalogue, 'get').mockRejectedValueOnce(new Error('database is locked'));
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { props, html } = await serverRender('/vogue/demo-single', 500, failure());
    expect(props).toEqual({ statusCode: 500, brand: null, i18n: expect.objectContaining({ locale: 'en-US' }) });
    expect(html).not.toContain('database is locked');
    log.mockRestore();
  });
});
