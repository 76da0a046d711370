import { beforeAll, describe, expect, it, vi } from 'vitest';
import { runPageLoader } from '@/tests/fixtures/operatorRequests';
import { serverContext } from '@/lib/server/context/serverContext';
import { TransactionRepository } from '@/lib/server/checkout/TransactionRepository';
import { signedInOperator } from '@/tests/fixtures/operatorSessions';
import { newTransactionFixture } from '@/tests/fixtures/transactions';
import { CARE_CUSTOMER_READS_PER_HOUR, CARE_READ_WINDOW_MS } from '@/lib/server/care/careReads';
import { careCustomerPageProps, careSearchPageProps } from './carePages';

vi.mock('@/lib/server/config/serverEnv', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/lib/server/config/serverEnv')>();
  return { ...actual, serverEnv: () => actual.parseServerEnv({ DATABASE_URL: 'file::memory:' }) };
});

const cookies = { marketer: '', care: '', busy: '' };
let busyOperatorId = '';
let subscriptionId = '';

beforeAll(async () => {
  const { db } = await serverContext();
  cookies.marketer = (await signedInOperator(db, 'marketer')).cookie;
  cookies.care = (await signedInOperator(db, 'care')).cookie;
  const busy = await signedInOperator(db, 'care');
  cookies.busy = busy.cookie;
  busyOperatorId = busy.operator.id;
  const transactions = new TransactionRepository(db);
  const base = newTransactionFixture({ id: 'txn_page_1', gateway: 'sandbox' });
  await transactions.create({ ...base, customer: { ...base.customer, email: 'page@example.com' } });
  await transactions.markSucceeded('txn_page_1', 'pay_page_1');
  subscriptionId = (await transactions.findById('txn_page_1'))!.subscriptionId!;
});

const load = (
  loader: typeof careSearchPageProps | typeof careCustomerPageProps,
  query: Record<string, string>,
  options: { cookie?: string | null; resolvedUrl?: string; method?: string } = {},
) =>
  runPageLoader(loader, query, {
    cookie: options.cookie === undefined ? cookies.care! : options.cookie,
    resolvedUrl: options.resolvedUrl ?? '/admin/care',
    ...(options.method ? { method: options.method } : {}),
  });

describe('customer care page loaders', () => {
  it('search: nothing before a search, the hits after, never cached', async () => {
    const before = await load(careSearchPageProps, {});
    expect(before.result).toMatchObject({ props: { query: '', hits: null } });
    expect(before.headers['Cache-Control']).toBe('private, no-store');
    const after = await load(careSearchPageProps, { q: 'PAGE@example.com' });
    expect(after.result).toMatchObject({
      props: { query: 'PAGE@example.com', hits: [{ subscriptionId, matchedBy: 'email' }], problem: null },
    });
  });

  it('search: a part of an invoice number is not searched, and the page says why', async () => {
    const partial = await load(careSearchPageProps, { q: 'INV-TEST-2026-00' });
    expect(partial.result).toMatchObject({
      props: { query: 'INV-TEST-2026-00', hits: null, problem: expect.stringMatching(/whole invoice or credit note number/) },
    });
  });

  it('one subscription, or 404 for an unknown or malformed id', async () => {
    const shown = await load(careCustomerPageProps, { subscriptionId }, { resolvedUrl: `/admin/care/${subscriptionId}` });
    expect(shown.result).toMatchObject({ props: { customer: { subscription: { id: subscriptionId, billingEmail: 'page@example.com' } } } });
    for (const id of ['sub_aaaaaaaaaaaaaaaa', 'nope']) {
      const missing = await load(careCustomerPageProps, { subscriptionId: id });
      expect(missing.status).toBe(404);
      expect(missing.result).toMatchObject({ props: { kind: 'refused', status: 404, title: 'No such subscription' } });
    }
  });

  it('tells an operator past their hourly reads so, with 429, and shows no customer', async () => {
    const { db } = await serverContext();
    const windowStart = new Date(Math.floor(Date.now() / CARE_READ_WINDOW_MS) * CARE_READ_WINDOW_MS).toISOString();
    await db
      .insertInto('rate_limits')
      .values({ bucket: `care-reads:${busyOperatorId}`, window_start: windowStart, count: CARE_CUSTOMER_READS_PER_HOUR })
      .execute();
    const refused = await load(
      careCustomerPageProps,
      { subscriptionId },
      { cookie: cookies.busy, resolvedUrl: `/admin/care/${subscriptionId}` },
    );
    expect(refused.status).toBe(429);
    expect(refused.result).toMatchObject({ props: { kind: 'refused', status: 429, message: expect.stringMatching(/Please wait/) } });
    expect((await load(careSearchPageProps, { q: 'page@example.com' }, { cookie: cookies.busy })).status).toBe(429);
  });

  it('is refused to a marketer (403), sends a stranger to sign in and back, and answers a POST with 405', async () => {
    const marketer = await load(careSearchPageProps, {}, { cookie: cookies.marketer });
    expect(marketer.status).toBe(403);
    expect(marketer.result).toMatchObject({ props: { kind: 'refused', status: 403 } });
    const stranger = await load(careCustomerPageProps, { subscriptionId }, { cookie: null, resolvedUrl: `/admin/care/${subscriptionId}` });
    expect(stranger.result).toEqual({
      redirect: { destination: `/admin/sign-in?return=${encodeURIComponent(`/admin/care/${subscriptionId}`)}`, permanent: false },
    });
    expect((await load(careSearchPageProps, {}, { method: 'POST' })).result).toMatchObject({ props: { kind: 'refused', status: 405 } });
  });
});
