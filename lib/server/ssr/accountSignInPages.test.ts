import { describe, expect, it } from 'vitest';
import type { GetServerSidePropsContext } from 'next';
import { serverContext } from '@/lib/server/context/serverContext';
import { getServerSideProps as signInPage } from './accountSignInPage';
import { getServerSideProps as completePage } from './accountSignInCompletePage';

/** The account's sign-in pages' loaders, against the process's server context (an in-memory database). */

const NONCE = 'n'.repeat(43);

function context(resolvedUrl: string, options: { method?: string; cookie?: string } = {}) {
  const headers: Record<string, string | string[]> = {};
  const res = {
    statusCode: 200,
    headers,
    setHeader: (name: string, value: string | string[]) => (headers[name] = value),
  };
  const ctx = {
    params: {},
    query: {},
    resolvedUrl,
    req: { method: options.method ?? 'GET', headers: { host: 'localhost:3000', ...(options.cookie ? { cookie: options.cookie } : {}) } },
    res,
  } as unknown as GetServerSidePropsContext;
  return { ctx, res };
}

async function load(loader: typeof signInPage | typeof completePage, url: string, options?: { method?: string; cookie?: string }) {
  const { ctx, res } = context(url, options);
  return { result: await loader(ctx), status: res.statusCode, headers: res.headers };
}

const setCookies = (headers: Record<string, string | string[]>) => [headers['Set-Cookie'] ?? []].flat();

let n = 0;
/** An account link asked for by the browser holding NONCE (in test mode with livemode: false); answers its token and its page. */
async function accountLink(
  returnPath = '/account/subscriptions',
  livemode = true,
): Promise<{ token: string; email: string; path: string }> {
  const { identity, db } = await serverContext();
  const email = `account.${(n += 1)}@example.com`;
  await identity.requestLink({
    email,
    purpose: 'sign-in',
    returnPath,
    ip: `10.2.0.${n}`,
    livemode,
    origin: 'http://localhost:3000',
    completePath: '/account/sign-in/complete',
    brandName: 'your account',
    browserNonce: NONCE,
  });
  const mail = await db.selectFrom('outbox').select('link').where('to_email', '=', email).executeTakeFirstOrThrow();
  const link = new URL(mail.link!);
  return { token: link.searchParams.get('token')!, email, path: `${link.pathname}${link.search}` };
}

describe('/account/sign-in', () => {
  it('asks for an address, prefilled from ?email=, returning to the account page in ?return=; never cached', async () => {
    const page = await load(signInPage, '/account/sign-in?email=ada%40example.com&return=%2Faccount%2Fsubscriptions');
    expect(page.result).toEqual({
      props: { kind: 'account-sign-in', email: 'ada@example.com', returnPath: '/account/subscriptions', livemode: true },
    });
    expect(page.headers['Cache-Control']).toBe('private, no-store');
  });

  it.each([
    ['/account/sign-in', '', '/account'],
    ['/account/sign-in?email=not%20an%20address&return=https%3A%2F%2Fevil.example', '', '/account'],
    ['/account/sign-in?return=%2Fvogue%2Fdemo-single', '', '/account'],
  ])('%s prefills %j and returns to %s', async (url, email, returnPath) => {
    expect((await load(signInPage, url)).result).toEqual({ props: { kind: 'account-sign-in', email, returnPath, livemode: true } });
  });

  it.each([
    ['?livemode=false', undefined],
    ['', 'mt_livemode=false'],
  ])('stays in test mode (%s, cookie %s): the page says so and the way back keeps it', async (query, cookie) => {
    const page = await load(signInPage, `/account/sign-in${query}`, cookie ? { cookie } : {});
    expect(page.result).toEqual({ props: { kind: 'account-sign-in', email: '', returnPath: '/account?livemode=false', livemode: false } });
  });

  it('signs back in to the test-mode account after signing out in test mode', async () => {
    const { token } = await accountLink('/account?livemode=false');
    const opened = await load(completePage, `/account/sign-in/complete?token=${token}`, { cookie: `CN_sign_in_nonce=${NONCE}` });
    expect(opened.result).toEqual({ redirect: { destination: '/account?livemode=false', permanent: false } });
    const session = setCookies(opened.headers)
      .map((cookie) => cookie.split(';')[0])
      .join('; ');
    expect((await load(signInPage, '/account/sign-in?livemode=false', { cookie: session })).result).toEqual({
      redirect: { destination: '/account?livemode=false', permanent: false },
    });
  });

  it('sends a visitor signed in already straight back', async () => {
    const { token } = await accountLink();
    const signedIn = await load(completePage, `/account/sign-in/complete?token=${token}`, { cookie: `CN_sign_in_nonce=${NONCE}` });
    const session = setCookies(signedIn.headers)
      .map((cookie) => cookie.split(';')[0])
      .join('; ');
    expect((await load(signInPage, '/account/sign-in?return=%2Faccount%2Forders', { cookie: session })).result).toEqual({
      redirect: { destination: '/account/orders', permanent: false },
    });
  });

  it('refuses a POST with a 405 page', async () => {
    const refused = await load(signInPage, '/account/sign-in', { method: 'POST' });
    expect(refused.status).toBe(405);
    expect(refused.result).toMatchObject({ props: { kind: 'refused', status: 405 } });
  });
});

describe('/account/sign-in/complete', () => {
  it('signs in at once in the browser that asked, and returns below /account', async () => {
    const { token } = await accountLink('/account/subscriptions');
    const opened = await load(completePage, `/account/sign-in/complete?token=${token}`, { cookie: `CN_sign_in_nonce=${NONCE}` });
    expect(opened.result).toEqual({ redirect: { destination: '/account/subscriptions', permanent: false } });
    expect(setCookies(opened.headers).map((cookie) => cookie.split('=')[0])).toEqual([
      'CN_token_access',
      'CN_token_access_expires',
      'CN_sign_in_known',
    ]);
    expect(opened.headers['Referrer-Policy']).toBe('no-referrer');
  });

  it('elsewhere, and on a HEAD, shows the address to confirm and changes nothing', async () => {
    const { token, email } = await accountLink();
    for (const options of [{}, { cookie: `CN_sign_in_nonce=${'o'.repeat(43)}` }, { method: 'HEAD', cookie: `CN_sign_in_nonce=${NONCE}` }]) {
      const opened = await load(completePage, `/account/sign-in/complete?token=${token}&utm_source=mail`, options);
      expect(opened.status).toBe(200);
      expect(opened.result).toEqual({
        props: {
          kind: 'account-sign-in-complete',
          view: { authError: null, confirmEmail: email },
          token,
          page: `/account/sign-in/complete?token=${token}`,
          livemode: true,
        },
      });
      expect(setCookies(opened.headers)).toEqual([]);
    }
    // Still unused: the browser that asked signs in with it.
    expect(
      (await load(completePage, `/account/sign-in/complete?token=${token}`, { cookie: `CN_sign_in_nonce=${NONCE}` })).result,
    ).toMatchObject({
      redirect: { destination: '/account/subscriptions' },
    });
  });

  it.each([
    ['no token', '/account/sign-in/complete', 400, 'invalid'],
    ['a tampered token', `/account/sign-in/complete?token=${'A'.repeat(43)}`, 400, 'invalid'],
    ['a malformed token', '/account/sign-in/complete?token=%3Cscript%3E', 400, 'invalid'],
  ])('says why for %s', async (_name, url, status, reason) => {
    const answer = await load(completePage, url, { cookie: `CN_sign_in_nonce=${NONCE}` });
    expect(answer.status).toBe(status);
    expect(answer.result).toMatchObject({ props: { view: { authError: reason } } });
    // Only a token of a token's shape is ever put back into the page.
    expect(JSON.stringify(answer.result)).not.toContain('<script>');
  });

  it('says a used link is used (410), in any browser', async () => {
    const { token } = await accountLink();
    await load(completePage, `/account/sign-in/complete?token=${token}`, { cookie: `CN_sign_in_nonce=${NONCE}` });
    for (const cookie of [`CN_sign_in_nonce=${NONCE}`, undefined]) {
      const again = await load(completePage, `/account/sign-in/complete?token=${token}`, cookie ? { cookie } : {});
      expect(again.status).toBe(410);
      expect(again.result).toMatchObject({ props: { view: { authError: 'used' } } });
      expect(setCookies(again.headers)).toEqual([]);
    }
  });

  it('keeps a test-mode link in test mode when it cannot be used: the banner, and the way on, stay in test mode', async () => {
    const { token, path } = await accountLink('/account?livemode=false', false);
    expect(path).toBe(`/account/sign-in/complete?livemode=false&token=${token}`);
    await load(completePage, path, { cookie: `CN_sign_in_nonce=${NONCE}` });
    const again = await load(completePage, path);
    expect(again.status).toBe(410);
    expect(again.result).toEqual({
      props: {
        kind: 'account-sign-in-complete',
        view: { authError: 'used' },
        token,
        page: `/account/sign-in/complete?livemode=false&token=${token}`,
        livemode: false,
      },
    });
  });

  it.each([
    ['?livemode=false&token=', undefined],
    ['?token=', 'mt_livemode=false'],
  ])('an invalid link in test mode (%s, cookie %s) still says so in test mode', async (query, cookie) => {
    const answer = await load(completePage, `/account/sign-in/complete${query}${'A'.repeat(43)}`, cookie ? { cookie } : {});
    expect(answer.status).toBe(400);
    expect(answer.result).toMatchObject({ props: { view: { authError: 'invalid' }, livemode: false } });
  });

  it('keeps an expired test-mode link in test mode: the mode is in the link the server wrote, not in the browser', async () => {
    const { token, path, email } = await accountLink('/account?livemode=false', false);
    const { db } = await serverContext();
    await db.updateTable('sign_in_links').set({ expires_at: '2000-01-01T00:00:00.000Z' }).where('email', '=', email).execute();
    const answer = await load(completePage, path);
    expect(answer.status).toBe(410);
    expect(answer.result).toEqual({
      props: {
        kind: 'account-sign-in-complete',
        view: { authError: 'expired' },
        token,
        page: `/account/sign-in/complete?livemode=false&token=${token}`,
        livemode: false,
      },
    });
  });

  it('a live link stays live when it fails, whatever return path its asker gave: that is chosen by whoever asks', async () => {
    // Anyone may ask a link for any address with a return path of their choosing; the link's
    // own mode is the asking page's, which the server writes into the link it mails.
    const { path } = await accountLink('/account?livemode=false', true);
    await load(completePage, path, { cookie: `CN_sign_in_nonce=${NONCE}` });
    const again = await load(completePage, path);
    expect(again.status).toBe(410);
    expect(again.result).toMatchObject({ props: { view: { authError: 'used' }, livemode: true } });
  });

  it('a live link is live: its page and the way on carry no test mode', async () => {
    const { token, path } = await accountLink();
    expect(path).toBe(`/account/sign-in/complete?token=${token}`);
    expect((await load(completePage, `${path}&livemode=maybe`)).result).toMatchObject({ props: { livemode: true } });
  });
});
