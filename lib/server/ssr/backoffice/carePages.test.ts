import { beforeAll, describe, expect, it, vi } from 'vitest';
import { runPageLoader } from '@/tests/fixtures/operatorRequests';
import { serverContext } from '@/lib/server/context/serverContext';
import { TransactionRepository } from '@/lib/server/checkout/TransactionRepository';
import { signedInOperator } from '@/tests/fixtures/operatorSessions';
import { newTransactionFixture } from '@/tests/fixtures/transactions';
import { careCustomerPageProps, careSearchPageProps } from './carePages';

vi.mock('@/lib/server/config/serverEnv', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/lib/server/config/serverEnv')>();
  return { ...actual, serverEnv: () => actual.parseServerEnv({ DATABASE_URL: 'file::memory:' }) };
});

const cookies = { marketer: '', care: '' };
let subscriptionId = '';

beforeAll(async () => {
  const { db } = await serverContext();
  cookies.marketer = (await signedInOperator(db, 'marketer')).cookie;
  cookies.care = (await signedInOperator(db, 'care')).cookie;
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
    expect(after.result).toMatchObject({ props: { query: 'PAGE@example.com', hits: [{ subscriptionId, matchedBy: 'email' }] } });
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
