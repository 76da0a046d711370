import { describe, expect, it, vi } from 'vitest';
import { sha256 } from '@/lib/server/ids';
import { LINKS_PER_EMAIL_CEILING } from './IdentityService';
import { appDb, origin, serveRoutesWithServerContext } from '@/tests/fixtures/routeServerContext';
import { importCatalogueJson } from '@/lib/server/catalogue/importCatalogue';
import { readDemoCatalogue } from '@/lib/server/catalogue/demoCatalogue';
import { TransactionRepository } from '@/lib/server/checkout/TransactionRepository';
import { newTransactionFixture } from '@/tests/fixtures/transactions';

/**
 * The identity routes end to end: each module served by Next's own API resolver on a real
 * HTTP server (plain http on 127.0.0.1: cookies without the __Host- prefix), against an
 * in-memory database with the demo catalogue. Cookies are carried by hand, one jar per
 * "browser".
 */
await serveRoutesWithServerContext(
  {},
  [
    [/^\/api\/identity\/links$/, () => import('@/pages/api/identity/links')],
    [/^\/api\/identity\/sign-in$/, () => import('@/pages/api/identity/sign-in')],
    [/^\/api\/identity\/sign-out$/, () => import('@/pages/api/identity/sign-out')],
    [/^\/api\/user\/v2\/authenticate\/verify$/, () => import('@/pages/api/user/v2/authenticate/verify')],
  ],
  async () => {
    const imported = await importCatalogueJson(await appDb(), readDemoCatalogue());
    if (!imported.ok) throw new Error(imported.errors.join('\n'));
  },
);

/** A browser's cookies: what Set-Cookie gave it (an empty value or Max-Age=0 removes one). */
class Jar {
  readonly cookies = new Map<string, string>();
  take(response: Response): Response {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const [name = '', value = ''] = pair.split('=');
      if (value === '' || attributes.some((a) => /^\s*max-age=0$/i.test(a))) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
    return response;
  }
  get header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

const SAME_ORIGIN = () => ({ origin, 'sec-fetch-site': 'same-origin' });
const CROSS_SITE = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };

async function post(path: string, body: unknown, options: { jar?: Jar; headers?: Record<string, string>; form?: boolean } = {}) {
  const { jar, headers = SAME_ORIGIN(), form = false } = options;
  const response = await fetch(`${origin}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json',
      ...(jar?.header ? { cookie: jar.header } : {}),
      ...headers,
    },
    body: form ? new URLSearchParams(body as Record<string, string>).toString() : body === undefined ? undefined : JSON.stringify(body),
  });
  return jar ? jar.take(response) : response;
}

async function latestMail(email: string) {
  const db = await appDb();
  return db.selectFrom('outbox').selectAll().where('to_email', '=', email).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
}

const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;
let n = 0;
const address = (name: string) => `${name}.${(n += 1)}@example.com`;

/** Asks for an account link from `jar`'s browser; answers its token. */
async function accountLink(jar: Jar, email: string, returnPath?: string): Promise<string> {
  const asked = await post('/api/identity/links', { email, ...(returnPath === undefined ? {} : { returnPath }) }, { jar });
  expect(asked.status).toBe(202);
  return tokenOf((await latestMail(email)).link!);
}

/** Signs `jar`'s browser in through the Confirm form; answers the session token. */
async function signIn(jar: Jar, email: string): Promise<string> {
  const token = await accountLink(new Jar(), email);
  const confirmed = await post('/api/identity/sign-in', { token, page: `/account/sign-in/complete?token=${token}` }, { jar, form: true });
  expect(confirmed.status).toBe(303);
  return jar.cookies.get('CN_token_access')!;
}

const verify = (jar: Jar) => fetch(`${origin}/api/user/v2/authenticate/verify`, { headers: { cookie: jar.header } });

describe('POST /api/identity/links', () => {
  it("takes the account's form (no brand): a link to /account/sign-in/complete, returning below /account, and a nonce cookie", async () => {
    const jar = new Jar();
    const email = address('account');
    const token = await accountLink(jar, email, '/account/subscriptions?x=1');
    const mail = await latestMail(email);
    expect(mail.link).toBe(`${origin}/account/sign-in/complete?token=${token}`);
    expect(mail.subject).toBe('Sign in to your account');
    expect(jar.cookies.get('CN_sign_in_nonce')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = await (await appDb()).selectFrom('sign_in_links').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      return_path: '/account/subscriptions?x=1',
      purpose: 'sign-in',
      browser_nonce_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
  });

  it.each([['//evil.example/account'], ['/vogue/demo-single'], ['/account/../admin'], [undefined]])(
    'sends an account link asked for %j back to /account',
    async (returnPath) => {
      const email = address('fallback');
      await accountLink(new Jar(), email, returnPath);
      const row = await (
        await appDb()
      )
        .selectFrom('sign_in_links')
        .select('return_path')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      expect(row.return_path).toBe('/account');
    },
  );

  it('keeps one nonce per browser, so that each of its links still signs in there', async () => {
    const jar = new Jar();
    await accountLink(jar, address('twice'));
    const first = jar.cookies.get('CN_sign_in_nonce');
    const response = await post('/api/identity/links', { email: address('twice') }, { jar });
    expect(response.headers.get('set-cookie')).toMatch(/^CN_sign_in_nonce=[\w-]{43}; Max-Age=900; Path=\/; HttpOnly; SameSite=Lax$/);
    expect(jar.cookies.get('CN_sign_in_nonce')).toBe(first);
  });

  it("lets a browser that signed in as an address past the address's ceiling, which strangers filled; no other browser", async () => {
    const email = address('flooded');
    const owner = new Jar();
    await signIn(owner, email);
    expect(owner.cookies.get('CN_sign_in_known')).toMatch(/^[\w-]{43}$/);
    // Strangers from many clients have asked for this address's links all this window.
    const db = await appDb();
    const windowStart = new Date(Math.floor(Date.now() / (15 * 60_000)) * 15 * 60_000).toISOString();
    await db
      .insertInto('rate_limits')
      .values({ bucket: `link:email:${sha256(email)}`, window_start: windowStart, count: LINKS_PER_EMAIL_CEILING })
      .onConflict((oc) => oc.columns(['bucket', 'window_start']).doUpdateSet({ count: LINKS_PER_EMAIL_CEILING }))
      .execute();
    const alerts = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect((await post('/api/identity/links', { email }, { jar: new Jar() })).status).toBe(429);
      expect((await post('/api/identity/links', { email }, { jar: owner })).status).toBe(202);
      expect(alerts).toHaveBeenCalledTimes(1);
    } finally {
      alerts.mockRestore();
    }
  });

  it("still takes a campaign's form, its problems named field by field", async () => {
    const email = address('campaign');
    const asked = await post('/api/identity/links', {
      email,
      purpose: 'magic-link',
      brand: 'vogue',
      urlSlug: 'demo-single',
      returnPath: '/vogue/demo-single/cart',
    });
    expect(asked.status).toBe(202);
    expect((await latestMail(email)).link).toMatch(new RegExp(`^${origin}/vogue/demo-single/auth/complete\\?token=`));
    const bad = await post('/api/identity/links', { email: 'nope', brand: 'vogue' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { details: string[] } }).error.details).toEqual(
      expect.arrayContaining(['email: Enter a valid email address, like name@example.com.', expect.stringMatching(/^purpose: /)]),
    );
    const account = await post('/api/identity/links', { email: 'nope' });
    expect(((await account.json()) as { error: { details: string[] } }).error.details).toEqual([
      'email: Enter a valid email address, like name@example.com.',
    ]);
    expect((await post('/api/identity/links', { email: address('x'), returnPath: '/account', extra: 1 })).status).toBe(400);
  });

  it("words the account's mail in the locale its page posts: German, French, English for one the catalogues lack", async () => {
    const german = address('de');
    expect((await post('/api/identity/links', { email: german, locale: 'de-DE' })).status).toBe(202);
    const deMail = await latestMail(german);
    expect(deMail.subject).toBe('In Ihrem Konto anmelden');
    expect(deMail.body_html).toContain('<html lang="de">');
    expect(deMail.body_text).toContain('Um sich in Ihrem Konto anzumelden, öffnen Sie diesen Link innerhalb von 15 Minuten:');
    // The link's page speaks the mail's language: it names it, ahead of the token.
    expect(deMail.body_text).toMatch(/\/account\/sign-in\/complete\?lang=de-DE&token=/);
    const french = address('fr');
    expect((await post('/api/identity/links', { email: french, locale: 'fr-fr' })).status).toBe(202);
    expect((await latestMail(french)).subject).toBe('Se connecter à votre compte');
    const spanish = address('es');
    expect((await post('/api/identity/links', { email: spanish, locale: 'es-ES' })).status).toBe(202);
    expect((await latestMail(spanish)).subject).toBe('Sign in to your account');
    expect((await latestMail(spanish)).body_text).toMatch(/\/account\/sign-in\/complete\?token=/);
  });

  it.each([['en_US'], [''], [`de-DE-x-${'a'.repeat(40)}`], [7]])(
    'refuses the locale %j with 400 naming it, and sends nothing',
    async (locale) => {
      const email = address('badlocale');
      const refused = await post('/api/identity/links', { email, locale });
      expect(refused.status).toBe(400);
      const { error } = (await refused.json()) as { error: { code: string; message: string } };
      expect(error.code).toBe('invalid_body');
      expect(error.message).toMatch(/locale: /);
      const db = await appDb();
      expect(await db.selectFrom('outbox').select('id').where('to_email', '=', email).execute()).toEqual([]);
    },
  );

  it("words a campaign's mail in the campaign's locale", async () => {
    const email = address('campaign-de');
    const asked = await post('/api/identity/links', {
      email,
      purpose: 'magic-link',
      brand: 'gq',
      urlSlug: 'demo-de',
      returnPath: '/gq/demo-de/cart',
    });
    expect(asked.status).toBe(202);
    const mail = await latestMail(email);
    expect(mail.body_html).toContain('<html lang="de">');
    expect(mail.subject).toMatch(/^Weiter mit /);
  });

  it("sends a campaign's link to the account once the campaign has ended, since its pages are then a 404", async () => {
    const email = address('ended');
    const asked = await post('/api/identity/links', {
      email,
      purpose: 'magic-link',
      brand: 'vogue',
      urlSlug: 'demo-ended',
      returnPath: '/vogue/demo-ended/success',
    });
    expect(asked.status).toBe(202);
    const mail = await latestMail(email);
    expect(mail.link).toMatch(new RegExp(`^${origin}/account/sign-in/complete\\?token=`));
    expect(mail.link).not.toContain('demo-ended');
  });

  it('refuses a cross-site request (403, nothing sent, no cookie) and takes a same-origin one', async () => {
    const email = address('crosssite');
    const refused = await post('/api/identity/links', { email }, { headers: CROSS_SITE });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: { code: 'cross_site_request', message: expect.stringContaining('another site') } });
    expect(refused.headers.get('set-cookie')).toBeNull();
    const db = await appDb();
    expect(await db.selectFrom('outbox').selectAll().where('to_email', '=', email).execute()).toEqual([]);
    expect((await post('/api/identity/links', { email }, { headers: SAME_ORIGIN() })).status).toBe(202);
  });
});

describe('POST /api/identity/sign-in (the Confirm button)', () => {
  it('signs in whichever browser confirms, sends it on with 303, and the link is then used', async () => {
    const email = address('confirm');
    const token = await accountLink(new Jar(), email, '/account/subscriptions');
    const page = `/account/sign-in/complete?token=${token}`;
    const other = new Jar();
    const confirmed = await post('/api/identity/sign-in', { token, page }, { jar: other, form: true });
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get('location')).toBe('/account/subscriptions');
    expect(confirmed.headers.get('cache-control')).toBe('no-store');
    expect(other.cookies.get('CN_token_access')).toMatch(/^[\w-]{43}$/);
    expect(Number(other.cookies.get('CN_token_access_expires'))).toBeGreaterThan(Date.now() / 1000);
    expect((await verify(other)).status).toBe(200);

    // Again: the link is used, and the visitor goes back to its page, which says so.
    const again = await post('/api/identity/sign-in', { token, page }, { jar: new Jar(), form: true });
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toBe(page);
    expect(again.headers.get('set-cookie')).toBeNull();
  });

  it('gives the confirming visitor what the address bought signed out, with the session', async () => {
    const email = address('bought');
    const db = await appDb();
    const transactions = new TransactionRepository(db);
    const base = newTransactionFixture({ id: 'txn_bought_signed_out' });
    await transactions.create({ ...base, buyerIdentity: null, customer: { ...base.customer, email } });
    await transactions.markSucceeded(base.id, `pi_${base.id}`);
    const owner = async () =>
      (await db.selectFrom('subscriptions').select('owner_email').where('transaction_id', '=', base.id).executeTakeFirstOrThrow())
        .owner_email;
    expect(await owner()).toBeNull();
    const token = await accountLink(new Jar(), email);
    const confirmed = await post(
      '/api/identity/sign-in',
      { token, page: `/account/sign-in/complete?token=${token}` },
      { jar: new Jar(), form: true },
    );
    expect(confirmed.status).toBe(303);
    expect(await owner()).toBe(email);
  });

  it('keeps a campaign link within its campaign', async () => {
    const email = address('campaign-confirm');
    await post('/api/identity/links', {
      email,
      purpose: 'sign-in',
      brand: 'vogue',
      urlSlug: 'demo-single',
      returnPath: '/vogue/demo-single/cart',
    });
    const token = tokenOf((await latestMail(email)).link!);
    const confirmed = await post(
      '/api/identity/sign-in',
      { token, page: `/vogue/demo-single/auth/complete?livemode=false&token=${token}` },
      { form: true },
    );
    expect(confirmed.headers.get('location')).toBe('/vogue/demo-single/cart');
  });

  it('refuses a cross-site form post (403) and leaves the link unused', async () => {
    const token = await accountLink(new Jar(), address('csrf'));
    const page = `/account/sign-in/complete?token=${token}`;
    const forged = await post('/api/identity/sign-in', { token, page }, { form: true, headers: CROSS_SITE });
    expect(forged.status).toBe(403);
    expect(((await forged.json()) as { error: { code: string } }).error.code).toBe('cross_site_request');
    expect(forged.headers.get('set-cookie')).toBeNull();
    expect((await post('/api/identity/sign-in', { token, page }, { form: true })).headers.get('location')).toBe('/account');
  });

  it('answers a JSON caller in JSON: where to go, then why not', async () => {
    const token = await accountLink(new Jar(), address('json'));
    const page = `/account/sign-in/complete?token=${token}`;
    const first = await post('/api/identity/sign-in', { token, page });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ signedIn: true, redirectTo: '/account' });
    const second = await post('/api/identity/sign-in', { token, page });
    expect(second.status).toBe(410);
    expect(((await second.json()) as { error: { code: string } }).error.code).toBe('link_used');
    const unknown = await post('/api/identity/sign-in', { token: 'A'.repeat(43), page });
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { error: { code: string } }).error.code).toBe('invalid_link');
  });

  it.each([
    ['a page off the site', { token: 'A'.repeat(43), page: 'https://evil.example/account/sign-in/complete' }, 'invalid_page'],
    ['a page that is no link page', { token: 'A'.repeat(43), page: '/vogue/demo-single/cart' }, 'invalid_page'],
    ['a field missing', { token: 'A'.repeat(43) }, 'invalid_body'],
    ['a field more', { token: 'A'.repeat(43), page: '/account/sign-in/complete', more: 'x' }, 'invalid_body'],
  ])('refuses %s with 400', async (_name, body, code) => {
    const response = await post('/api/identity/sign-in', body, { form: true });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe(code);
  });
});

describe('POST /api/identity/sign-out', () => {
  it('ends this session and removes both cookies under both names', async () => {
    const jar = new Jar();
    await signIn(jar, address('out'));
    const session = jar.header;
    const response = await post('/api/identity/sign-out', undefined, { jar });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ signedOut: true });
    const cleared = response.headers.getSetCookie().map((cookie) => cookie.split('=')[0]);
    expect(cleared).toEqual(['__Host-CN_token_access', 'CN_token_access', 'CN_token_access_expires']);
    expect(response.headers.getSetCookie()[0]).toMatch(/Max-Age=0.*Secure/);
    expect(jar.cookies.has('CN_token_access')).toBe(false);
    // The old cookie, replayed, no longer signs anyone in.
    expect((await fetch(`${origin}/api/user/v2/authenticate/verify`, { headers: { cookie: session } })).status).toBe(401);
  });

  it('answers 200 when nobody is signed in, with or without a body', async () => {
    for (const body of [undefined, {}, { everywhere: true }]) {
      const response = await post('/api/identity/sign-out', body);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ signedOut: true });
    }
  });

  it("signs out everywhere: every session of the visitor's, no one else's", async () => {
    const email = address('everywhere');
    const [phone, laptop, other] = [new Jar(), new Jar(), new Jar()];
    await signIn(phone, email);
    await signIn(laptop, email);
    await signIn(other, address('someone-else'));
    expect((await post('/api/identity/sign-out', { everywhere: true }, { jar: laptop })).status).toBe(200);
    expect((await verify(phone)).status).toBe(401);
    expect((await verify(other)).status).toBe(200);
  });

  it('refuses a cross-site sign-out (403): the session goes on', async () => {
    const jar = new Jar();
    await signIn(jar, address('kept'));
    const forged = await post('/api/identity/sign-out', undefined, { jar: new Jar(), headers: { ...CROSS_SITE, cookie: jar.header } });
    expect(forged.status).toBe(403);
    expect((await verify(jar)).status).toBe(200);
  });

  it.each([[{ everywhere: 'yes' }], [{ all: true }], [[]]])('refuses the body %j with 400', async (body) => {
    const response = await post('/api/identity/sign-out', body);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('invalid_body');
  });
});

describe('GET verify (built-in identity)', () => {
  it('renews the readable expiry cookie with each answer', async () => {
    const jar = new Jar();
    await signIn(jar, address('verify'));
    const response = await verify(jar);
    expect(response.status).toBe(200);
    const { expires_on } = (await response.json()) as { expires_on: number };
    expect(response.headers.get('set-cookie')).toMatch(new RegExp(`^CN_token_access_expires=${expires_on}; Path=/; Expires=`));
  });
});
