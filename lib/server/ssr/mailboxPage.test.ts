import type { Kysely } from 'kysely';
import type { GetServerSidePropsContext } from 'next';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseServerEnv, type ServerEnv } from '@/lib/server/config/serverEnv';
import type { Database } from '@/lib/server/db/schema';
import { mailboxAvailable } from '@/lib/server/mail/mailboxAccess';
import { createMailServices, type MailServices } from '@/lib/server/mail/mailServices';
import { createOperatorServices } from '@/lib/server/operators/operatorServices';
import { signedInOperator } from '@/tests/fixtures/operatorSessions';
import { testDb } from '@/tests/fixtures/testDb';
import { loadMailboxMail, sendMailboxAttachment } from './mailboxMailPage';
import { loadMailboxList, MAILBOX_LIMIT } from './mailboxPage';

let db: Kysely<Database>;
let mail: MailServices;
let clock: number;
const now = () => new Date(clock);

const SANDBOX = parseServerEnv({ PAYMENTS_SANDBOX: '1' });

beforeEach(async () => {
  db = await testDb();
  clock = Date.parse('2026-11-21T12:00:00.000Z');
  mail = createMailServices(db, SANDBOX, now, { send: async () => undefined });
});
afterEach(async () => db.destroy());

/** What the loaders are given: the mail, and the operators' sign-in to tell who is signed in. */
const serverOf = (config: ServerEnv) => ({ config, mail, db, clock: now, operators: createOperatorServices(db, config, now, mail.mailer) });

function request(
  query: Record<string, string | string[]> = {},
  options: { method?: string; params?: Record<string, string>; from?: string; cookie?: string } = {},
) {
  const headers: Record<string, string> = {};
  const res = { statusCode: 200, setHeader: (name: string, value: string) => (headers[name] = value) };
  const context = {
    req: {
      method: options.method ?? 'GET',
      headers: options.cookie ? { cookie: options.cookie } : {},
      socket: { remoteAddress: options.from ?? '127.0.0.1' },
    },
    res,
    query,
    params: options.params ?? {},
    resolvedUrl: '/mailbox',
  } as unknown as GetServerSidePropsContext;
  return { context, headers, res };
}

async function enqueue(to: string, subject: string) {
  clock += 1000;
  return mail.enqueue(db, {
    to,
    subject,
    text: `Hello\nhttp://localhost:3000/account\nhttp://localhost:3000/cancel`,
    html: '<p><a href="http://localhost:3000/account">Account</a> <a href="http://localhost:3000/cancel?a=1&amp;b=2">Cancel</a></p>',
    kind: 'purchase-acknowledgment',
    link: 'http://localhost:3000/account',
  });
}

describe('mailboxAvailable', () => {
  it('is on only with the payments sandbox, without SMTP, outside production', () => {
    expect(mailboxAvailable(SANDBOX)).toBe(true);
    expect(mailboxAvailable({ ...SANDBOX, APP_ENV: 'staging' })).toBe(true);
    expect(mailboxAvailable(parseServerEnv({}))).toBe(false);
    expect(mailboxAvailable({ ...SANDBOX, SMTP_URL: 'smtp://mail.example.com' })).toBe(false);
    expect(mailboxAvailable({ ...SANDBOX, APP_ENV: 'production' })).toBe(false);
  });
});

describe('the mailbox loaders', () => {
  const closed: [string, ServerEnv][] = [
    ['the payments sandbox is off', parseServerEnv({})],
    ['SMTP_URL is set', { ...SANDBOX, SMTP_URL: 'smtp://mail.example.com' }],
    ['APP_ENV is production', { ...SANDBOX, APP_ENV: 'production' }],
  ];

  it.each(closed)('answer 404 like any unknown page when %s, whatever the method, saying nothing more', async (_why, config) => {
    const id = await enqueue('ada@example.com', 'Hello');
    for (const method of ['GET', 'POST']) {
      const list = request({}, { method });
      expect(await loadMailboxList(serverOf(config), list.context)).toEqual({ notFound: true });
      expect(list.headers).toEqual({});
      const one = request({}, { method, params: { id } });
      expect(await loadMailboxMail(serverOf(config), one.context)).toEqual({ notFound: true });
      expect(one.headers).toEqual({});
    }
  });

  it('list the outbox newest first, privately', async () => {
    await enqueue('ada@example.com', 'First');
    await enqueue('bob@example.com', 'Second');
    const { context, headers } = request();
    const result = await loadMailboxList(serverOf(SANDBOX), context);
    expect(result).toMatchObject({
      props: {
        kind: 'list',
        to: null,
        limit: MAILBOX_LIMIT,
        mails: [
          { to: 'bob@example.com', subject: 'Second', kind: 'purchase-acknowledgment', status: 'pending', sentAt: null },
          { to: 'ada@example.com', subject: 'First' },
        ],
      },
    });
    expect(headers).toEqual({
      'Cache-Control': 'private, no-store',
      'X-Robots-Tag': 'noindex, nofollow',
      'Referrer-Policy': 'no-referrer',
    });
  });

  it('filter on one address, whatever its case; an empty filter shows everyone', async () => {
    await enqueue('ada@example.com', 'For Ada');
    await enqueue('bob@example.com', 'For Bob');
    const filtered = await loadMailboxList(serverOf(SANDBOX), request({ to: ' Ada@Example.com ' }).context);
    expect(filtered).toMatchObject({ props: { to: 'ada@example.com', mails: [{ subject: 'For Ada' }] } });
    const all = await loadMailboxList(serverOf(SANDBOX), request({ to: '' }).context);
    expect(all).toMatchObject({ props: { to: null, mails: [{ subject: 'For Bob' }, { subject: 'For Ada' }] } });
  });

  it('refuse a filter that is not one address (400), and a method other than GET or HEAD (405)', async () => {
    const bad = request({ to: 'not an address' });
    expect(await loadMailboxList(serverOf(SANDBOX), bad.context)).toEqual({
      props: { kind: 'refused', status: 400, message: '"not an address" is not an e-mail address.' },
    });
    expect(bad.res.statusCode).toBe(400);
    const several = request({ to: ['a@example.com', 'b@example.com'] });
    expect(await loadMailboxList(serverOf(SANDBOX), several.context)).toMatchObject({ props: { kind: 'refused', status: 400 } });
    const post = request({}, { method: 'POST' });
    expect(await loadMailboxList(serverOf(SANDBOX), post.context)).toMatchObject({ props: { kind: 'refused', status: 405 } });
    expect(post.res.statusCode).toBe(405);
    expect(post.headers.Allow).toBe('GET, HEAD');
  });

  it('show one mail whole, with its links, the main one first; an unknown or malformed id is 404', async () => {
    const id = await enqueue('ada@example.com', 'Hello');
    const result = await loadMailboxMail(serverOf(SANDBOX), request({}, { params: { id } }).context);
    expect(result).toEqual({
      props: {
        kind: 'mail',
        mail: {
          id,
          to: 'ada@example.com',
          subject: 'Hello',
          kind: 'purchase-acknowledgment',
          status: 'pending',
          createdAt: '2026-11-21T12:00:01.000Z',
          sentAt: null,
          clockAt: null,
          text: 'Hello\nhttp://localhost:3000/account\nhttp://localhost:3000/cancel',
          html: expect.stringContaining('<a href="http://localhost:3000/account">'),
          link: 'http://localhost:3000/account',
          links: ['http://localhost:3000/account', 'http://localhost:3000/cancel?a=1&b=2', 'http://localhost:3000/cancel'],
          attempts: 0,
          lastError: null,
          attachment: null,
        },
      },
    });
    for (const unknown of ['mail_aaaaaaaaaaaaaaaaaaaa', 'mail_1', '../etc']) {
      expect(await loadMailboxMail(serverOf(SANDBOX), request({}, { params: { id: unknown } }).context)).toEqual({
        notFound: true,
      });
    }
  });
});

describe('a mail’s attachment in the mailbox', () => {
  const pdf = { fileName: 'US-TEST-2026-000001.pdf', contentType: 'application/pdf', content: Buffer.from('%PDF-1.3 test') };

  function download(id: string, from = '127.0.0.1') {
    const { context, headers, res } = request({}, { params: { id }, from });
    let body: unknown = null;
    const response = Object.assign(res, { end: (chunk?: unknown) => void (body = chunk ?? null) });
    return { run: () => sendMailboxAttachment(serverOf(SANDBOX), context.req, response as never, id), headers, res, body: () => body };
  }

  it('is named on the mail and downloaded as the worker renders it; a mail without one, or a stranger, gets a 404', async () => {
    mail = createMailServices(db, SANDBOX, now, { send: async () => undefined }, undefined, async (attachment) =>
      attachment.number === 'US-TEST-2026-000001' ? pdf : Promise.reject(new Error(`no invoice ${attachment.number} to attach`)),
    );
    clock += 1000;
    const id = await mail.enqueue(db, {
      to: 'ada@example.com',
      subject: 'Receipt',
      text: 'Your invoice US-TEST-2026-000001 is attached to this e-mail as a PDF.',
      html: '<p>Receipt</p>',
      kind: 'purchase-acknowledgment',
      link: null,
      attachment: { kind: 'invoice', number: 'US-TEST-2026-000001' },
    });
    const page = await loadMailboxMail(serverOf(SANDBOX), request({}, { params: { id } }).context);
    expect(page).toMatchObject({
      props: { mail: { attachment: { fileName: 'US-TEST-2026-000001.pdf', href: `/api/mailbox/${id}/attachment` } } },
    });
    const ok = download(id);
    await ok.run();
    expect(ok.res.statusCode).toBe(200);
    expect(ok.headers['Content-Type']).toBe('application/pdf');
    expect(ok.body()).toEqual(pdf.content);

    const stranger = download(id, '192.0.2.10');
    await stranger.run();
    expect(stranger.res.statusCode).toBe(404);
    const plain = await enqueue('ada@example.com', 'Hello');
    const none = download(plain);
    await none.run();
    expect(none.res.statusCode).toBe(404);
    const missing = await mail.enqueue(db, {
      to: 'ada@example.com',
      subject: 'Receipt',
      text: 'x',
      html: null as unknown as string,
      kind: 'purchase-acknowledgment',
      link: null,
      attachment: { kind: 'invoice', number: 'US-TEST-2026-000009' },
    });
    const notIssued = download(missing);
    await notIssued.run();
    expect(notIssued.res.statusCode).toBe(404);
  });
});

describe('who reads the mailbox', () => {
  const STAGING = { ...SANDBOX, APP_ENV: 'staging' as const };

  it("on a developer's server, only its own machine: any other client gets the 404 of an unknown page", async () => {
    const id = await enqueue('ada@example.com', 'Hello');
    for (const from of ['192.0.2.10', '2001:db8::7', '10.0.0.3']) {
      expect(await loadMailboxList(serverOf(SANDBOX), request({}, { from }).context)).toEqual({ notFound: true });
      expect(await loadMailboxMail(serverOf(SANDBOX), request({}, { from, params: { id } }).context)).toEqual({ notFound: true });
    }
    for (const from of ['127.0.0.1', '::1']) {
      expect(await loadMailboxList(serverOf(SANDBOX), request({}, { from }).context)).toMatchObject({ props: { kind: 'list' } });
    }
  });

  it('does not believe a loopback address that a stranger writes in X-Forwarded-For', async () => {
    const config = { ...SANDBOX, TRUSTED_PROXIES: ['10.0.0.5/32'], TRUSTED_PROXY_HOPS: 1 };
    const { context } = request({}, { from: '10.0.0.5' });
    (context.req.headers as Record<string, string>)['x-forwarded-for'] = '127.0.0.1, 203.0.113.9';
    expect(await loadMailboxList(serverOf(config), context)).toEqual({ notFound: true });
  });

  it('on a shared (staging) server, sends a stranger, loopback or not, to sign in and back', async () => {
    for (const from of ['203.0.113.9', '127.0.0.1']) {
      expect(await loadMailboxList(serverOf(STAGING), request({}, { from }).context)).toEqual({
        redirect: { destination: '/admin/sign-in?return=%2Fmailbox', permanent: false },
      });
    }
  });

  it('on a shared server, opens to a signed-in admin and refuses other roles (403)', async () => {
    await enqueue('ada@example.com', 'Hello');
    const admin = await signedInOperator(db, 'admin');
    const shown = await loadMailboxList(serverOf(STAGING), request({}, { from: '203.0.113.9', cookie: admin.cookie }).context);
    expect(shown).toMatchObject({ props: { kind: 'list', mails: [{ subject: 'Hello' }] } });
    for (const role of ['care', 'marketer'] as const) {
      const other = await signedInOperator(db, role);
      const refused = request({}, { from: '203.0.113.9', cookie: other.cookie });
      expect(await loadMailboxList(serverOf(STAGING), refused.context)).toMatchObject({ props: { kind: 'refused', status: 403 } });
      expect(refused.res.statusCode).toBe(403);
    }
  });

  it("never shows an operator's sign-in mail, in the list or by its id", async () => {
    await enqueue('ada@example.com', 'Your order');
    clock += 1000;
    const id = await mail.enqueue(db, {
      to: 'admin@operators.example',
      subject: 'Sign in to the back office',
      text: 'http://localhost:3000/admin/sign-in/link?token=secret',
      html: '<a href="http://localhost:3000/admin/sign-in/link?token=secret">Sign in</a>',
      kind: 'operator-sign-in',
      link: 'http://localhost:3000/admin/sign-in/link?token=secret',
    });
    const admin = await signedInOperator(db, 'admin', 'admin@operators.example');
    for (const [config, cookie] of [
      [SANDBOX, undefined],
      [STAGING, admin.cookie],
    ] as const) {
      const list = await loadMailboxList(serverOf(config), request({}, { cookie }).context);
      expect(list).toMatchObject({ props: { kind: 'list', mails: [{ subject: 'Your order' }] } });
      expect((list as { props: { mails: unknown[] } }).props.mails).toHaveLength(1);
      expect(await loadMailboxMail(serverOf(config), request({}, { cookie, params: { id } }).context)).toEqual({ notFound: true });
    }
  });
});
