import type { GetServerSidePropsContext } from 'next';
import { describe, expect, it } from 'vitest';
import { serverContext } from '@/lib/server/context/serverContext';
import { TransactionRepository } from '@/lib/server/checkout/TransactionRepository';
import { SubscriptionRepository } from '@/lib/server/subscriptions/SubscriptionRepository';
import { signedIn } from '@/tests/fixtures/signedIn';
import { newTransactionFixture } from '@/tests/fixtures/transactions';
import { withdrawalServiceFor } from './withdrawalServiceFor';
import { publicWithdrawPageProps, withdrawalAnswerPageProps, withdrawPageProps } from './withdrawalPages';

/** The withdraw pages' loaders, against the process's server context (an in-memory database). */

let n = 0;
async function subscription(owner: string, country: string, total = 2500): Promise<string> {
  const transactions = new TransactionRepository((await serverContext()).db);
  const id = `txn_withdraw_page_${(n += 1)}`;
  const base = newTransactionFixture({ id });
  await transactions.create({
    ...base,
    livemode: false,
    gateway: 'sandbox',
    buyerIdentity: owner,
    customer: { ...base.customer, country },
    subtotal: total,
    total,
  });
  await transactions.markSucceeded(id, `pi_${id}`);
  return (await transactions.findById(id))!.subscriptionId!;
}

const headers: Record<string, string> = {};
function context(id: string, cookie: string, query: Record<string, string> = { livemode: 'false' }) {
  const res = { statusCode: 200, setHeader: (name: string, value: string) => void (headers[name] = value) };
  return {
    params: { id },
    query,
    resolvedUrl: `/account/subscriptions/${id}/withdraw`,
    req: { method: 'GET', headers: { host: 'localhost:3000', cookie } },
    res,
  } as unknown as GetServerSidePropsContext;
}

describe('withdrawPageProps', () => {
  it('offers the withdrawal of an EU purchase within 14 days: the refund, to what, until when', async () => {
    const cookie = await signedIn((await serverContext()).db, 'withdraw.page.1@example.com');
    const id = await subscription('withdraw.page.1@example.com', 'IE');
    expect(await withdrawPageProps(context(id, cookie))).toMatchObject({
      props: {
        subscription: { id, canWithdraw: true },
        offer: {
          state: 'eligible',
          refundAmount: { cents: 2500, currency: 'USD' },
          refundTo: 'Visa ending in 4242',
          invoiceNumber: expect.stringMatching(/^US-TEST-/),
          until: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        },
      },
    });
    expect(headers['Cache-Control']).toBe('private, no-store');
  });

  it('says why a purchase billed outside the EU and the UK cannot be withdrawn from', async () => {
    const cookie = await signedIn((await serverContext()).db, 'withdraw.page.2@example.com');
    const id = await subscription('withdraw.page.2@example.com', 'US');
    expect(await withdrawPageProps(context(id, cookie))).toMatchObject({
      props: { subscription: { canWithdraw: false }, offer: { state: 'ineligible', reason: 'outside_eu_uk' } },
    });
  });

  it('shows the receipt read back from the record once withdrawn (a reload sends nothing)', async () => {
    const cookie = await signedIn((await serverContext()).db, 'withdraw.page.3@example.com');
    const id = await subscription('withdraw.page.3@example.com', 'DE', 0);
    const server = await serverContext();
    const service = await withdrawalServiceFor(server, { headers: { host: 'localhost:3000' } });
    const record = (await new SubscriptionRepository(server.db).findById(id))!;
    await service.withdrawFromAccount((await service.contractOf(record))!, { client: { address: null, userAgent: null } });
    expect(await withdrawPageProps(context(id, cookie))).toMatchObject({
      props: {
        subscription: { status: 'ended', canWithdraw: false },
        offer: { state: 'withdrawn', receipt: { refund: { state: 'none' }, emailedTo: 'withdraw.page.3@example.com' } },
      },
    });
  });

  it("answers another person's subscription with the site's 404", async () => {
    await signedIn((await serverContext()).db, 'withdraw.page.owner@example.com');
    const id = await subscription('withdraw.page.owner@example.com', 'FR');
    const cookie = await signedIn((await serverContext()).db, 'withdraw.page.4@example.com');
    expect(await withdrawPageProps(context(id, cookie))).toEqual({ notFound: true });
  });
});

describe('publicWithdrawPageProps', () => {
  it('keeps the page in the mode of the visit, never cached', async () => {
    expect(await publicWithdrawPageProps(context('x', '', { livemode: 'false' }))).toEqual({ props: { livemode: false } });
    expect(await publicWithdrawPageProps(context('x', '', {}))).toEqual({ props: { livemode: true } });
    expect(headers['X-Robots-Tag']).toBe('noindex');
  });
});

describe('withdrawalAnswerPageProps', () => {
  it('shows what a link of the acknowledgment does without using it, and refuses one that is no link of ours', async () => {
    const server = await serverContext();
    const id = await subscription('withdraw.answer@example.com', 'DE');
    const { invoiceNumber } = (await new TransactionRepository(server.db).findById(
      (await new SubscriptionRepository(server.db).findById(id))!.transactionId,
    ))!;
    const req = { method: 'GET', headers: { host: 'localhost:3000' } };
    await (
      await withdrawalServiceFor(server, req)
    ).declare({
      email: 'withdraw.answer@example.com',
      invoiceNumber: invoiceNumber!,
      name: null,
      livemode: false,
      client: { address: null, userAgent: null },
      clientKey: 'page-test',
    });
    // The background pass (started with the process's context) matches it and queues the acknowledgment.
    await server.jobs.kick('public-withdrawals');
    const { link } = await server.db
      .selectFrom('outbox')
      .select('link')
      .where('to_email', '=', 'withdraw.answer@example.com')
      .where('kind', '=', 'withdrawal-acknowledgment')
      .executeTakeFirstOrThrow();
    const token = new URL(link!).searchParams.get('token')!;
    for (let i = 0; i < 2; i += 1) {
      expect(await withdrawalAnswerPageProps(context('x', '', { token }))).toMatchObject({
        props: { state: 'ready', purpose: 'confirm', token, invoiceNumber, livemode: false },
      });
    }
    // The page speaks as the subscription was bought, not as the link's query asks.
    const shown = await withdrawalAnswerPageProps(context('x', '', { token, lang: 'fr-FR' }));
    const subscribed = (await new SubscriptionRepository(server.db).findById(id))!;
    expect(shown).toMatchObject({ props: { i18n: { locale: subscribed.locale } } });
    expect(await new SubscriptionRepository(server.db).findById(id)).toMatchObject({ status: 'active' });
    expect(headers['Referrer-Policy']).toBe('no-referrer');
    expect(await withdrawalAnswerPageProps(context('x', '', { token: 'nope' }))).toMatchObject({
      props: { state: 'refused', code: 'withdrawal_link_invalid' },
    });
  });
});
