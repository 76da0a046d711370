import type { GetServerSidePropsContext } from 'next';
import { describe, expect, it } from 'vitest';
import { serverContext } from '@/lib/server/context/serverContext';
import { TransactionRepository } from '@/lib/server/checkout/TransactionRepository';
import { signedIn } from '@/tests/fixtures/signedIn';
import { newTransactionFixture } from '@/tests/fixtures/transactions';
import type { AccountPageProps } from '@/lib/account/accountView';
import { historyText } from '@/lib/account/accountWords';
import { fallbackWords } from '@/lib/i18n/words';
import { SubscriptionRepository } from '@/lib/server/subscriptions/SubscriptionRepository';
import { appendHistoryEvent } from '@/lib/server/subscriptions/SubscriptionStore';
import { accountPageProps, addressPageProps, cardPageProps, invoicePageProps } from './accountPages';

/** The card page's loader, against the process's server context (an in-memory database, the sandbox taking cards). */

let n = 0;
async function subscription(owner: string, livemode: boolean, reader = { locale: 'en-US', timeZone: 'UTC' }): Promise<string> {
  const transactions = new TransactionRepository((await serverContext()).db);
  const id = `txn_card_page_${(n += 1)}`;
  await transactions.create({ ...newTransactionFixture({ id, ...reader }), livemode, gateway: 'sandbox', buyerIdentity: owner });
  await transactions.markSucceeded(id, `pi_${id}`);
  return (await transactions.findById(id))!.subscriptionId!;
}

function load(id: string, cookie: string, query: Record<string, string> = {}) {
  const res = { statusCode: 200, setHeader: () => undefined };
  const ctx = {
    params: { id },
    query,
    resolvedUrl: `/account/subscriptions/${id}/card`,
    req: { method: 'GET', headers: { host: 'localhost:3000', cookie } },
    res,
  } as unknown as GetServerSidePropsContext;
  return cardPageProps(ctx);
}

describe('cardPageProps', () => {
  it("gives a test-mode subscription the sandbox's card fields", async () => {
    const cookie = await signedIn((await serverContext()).db, 'card.page.1@example.com');
    const id = await subscription('card.page.1@example.com', false);
    const result = await load(id, cookie, { livemode: 'false' });
    expect(result).toMatchObject({ props: { subscription: { id, paymentMethod: 'Visa ending in 4242' }, card: { gateway: 'sandbox' } } });
    // The card form reuses the payment step's fields and their marks: their words come with the page.
    const { messages } = (result as { props: { i18n: { messages: Record<string, unknown> } } }).props.i18n;
    for (const key of ['methods.card.number', 'methods.card.error.numberMissing', 'payment.cards.accepted'])
      expect(messages).toHaveProperty([key]);
  });

  it('offers no card form for a live subscription when only the sandbox takes cards (it takes no real money)', async () => {
    const cookie = await signedIn((await serverContext()).db, 'card.page.2@example.com');
    const id = await subscription('card.page.2@example.com', true);
    expect(await load(id, cookie)).toMatchObject({ props: { subscription: { id }, card: null } });
  });

  it("names the setup the sandbox bank's page sent the visitor back with, and ignores anything else there", async () => {
    const cookie = await signedIn((await serverContext()).db, 'card.page.4@example.com');
    const id = await subscription('card.page.4@example.com', false);
    const setup = 'pi_sandbox_abcdefghijklmnopqrst';
    expect(await load(id, cookie, { livemode: 'false' })).toMatchObject({ props: { returnedSetup: null } });
    expect(await load(id, cookie, { livemode: 'false', card_setup: setup })).toMatchObject({ props: { returnedSetup: setup } });
    for (const card_setup of ['pi_sandbox_x', '<script>', 'seti_' + 'a'.repeat(300)]) {
      expect(await load(id, cookie, { livemode: 'false', card_setup })).toMatchObject({ props: { returnedSetup: null } });
    }
  });

  it("speaks the subscription's locale, with its reader's time zone, whatever the link names", async () => {
    const cookie = await signedIn((await serverContext()).db, 'card.page.5@example.com');
    const id = await subscription('card.page.5@example.com', false, { locale: 'de-DE', timeZone: 'Europe/Berlin' });
    const result = await load(id, cookie, { livemode: 'false', lang: 'fr-FR' });
    expect(result).toMatchObject({ props: { i18n: { locale: 'de-DE', timeZone: 'Europe/Berlin' } } });
  });

  it("gives the address page the checkout's words for an address it refuses", async () => {
    const cookie = await signedIn((await serverContext()).db, 'card.page.6@example.com');
    const id = await subscription('card.page.6@example.com', false);
    const ctx = {
      params: { id },
      query: { livemode: 'false' },
      resolvedUrl: `/account/subscriptions/${id}/address`,
      req: { method: 'GET', headers: { host: 'localhost:3000', cookie } },
      res: { statusCode: 200, setHeader: () => undefined },
    } as unknown as GetServerSidePropsContext;
    const result = (await addressPageProps(ctx)) as { props: { i18n: { messages: Record<string, unknown> } } };
    expect(result.props.i18n.messages).toHaveProperty(['payment.error.postalCode.invalid']);
    expect(result.props.i18n.messages).toHaveProperty(['billing.address.problem.field']);
  });

  it("answers another person's subscription with the site's 404", async () => {
    await signedIn((await serverContext()).db, 'card.page.owner@example.com');
    const id = await subscription('card.page.owner@example.com', false);
    const cookie = await signedIn((await serverContext()).db, 'card.page.3@example.com');
    expect(await load(id, cookie, { livemode: 'false' })).toEqual({ notFound: true });
  });
});

describe('invoicePageProps', () => {
  async function paid(owner: string, lines: { offerId: string; name: string; amount: number }[]): Promise<string> {
    const transactions = new TransactionRepository((await serverContext()).db);
    const id = `txn_invoice_page_${(n += 1)}`;
    const fixture = newTransactionFixture({ id });
    await transactions.create({ ...fixture, order: { ...fixture.order, lines }, gateway: 'sandbox', buyerIdentity: owner });
    await transactions.markSucceeded(id, `pi_${id}`);
    return id;
  }

  function loadInvoice(transactionId: string, cookie: string) {
    const ctx = {
      params: { transactionId },
      query: { livemode: 'false' },
      resolvedUrl: `/account/invoices/${transactionId}`,
      req: { method: 'GET', headers: { host: 'localhost:3000', cookie } },
      res: { statusCode: 200, setHeader: () => undefined },
    } as unknown as GetServerSidePropsContext;
    return invoicePageProps(ctx);
  }

  it("states the plan's introductory price against its renewal price", async () => {
    const owner = 'invoice.page.1@example.com';
    const cookie = await signedIn((await serverContext()).db, owner);
    const id = await paid(owner, [{ offerId: '1001', name: 'Vogue Digital', amount: 2500 }]);
    expect(await loadInvoice(id, cookie)).toMatchObject({
      props: { invoice: { priceTerms: 'Vogue Digital: First year $25, then $50 a year.' } },
    });
  });

  it('states nothing when the order has no line for its plan', async () => {
    const owner = 'invoice.page.2@example.com';
    const cookie = await signedIn((await serverContext()).db, owner);
    const id = await paid(owner, [{ offerId: '2101', name: 'Tote', amount: 2500 }]);
    const result = (await loadInvoice(id, cookie)) as { props: { invoice: Record<string, unknown> } };
    expect(result.props.invoice).not.toHaveProperty('priceTerms');
  });
});

describe('accountPageProps in test mode', () => {
  const account = (resolvedUrl: string, query: Record<string, string>, cookie = '') =>
    accountPageProps({
      params: {},
      query,
      resolvedUrl,
      req: { method: 'GET', headers: { host: 'localhost:3000', cookie } },
      res: { statusCode: 200, setHeader: () => undefined },
    } as unknown as GetServerSidePropsContext);

  it.each([
    ['?livemode=false', { livemode: 'false' }, ''],
    ['', {}, 'mt_livemode=false'],
  ])('sends a visitor signed out (%s, cookie %j) to the sign-in page in test mode, and back in it', async (search, query, cookie) => {
    expect(await account(`/account${search}`, query, cookie)).toEqual({
      redirect: { destination: '/account/sign-in?livemode=false&return=%2Faccount%3Flivemode%3Dfalse', permanent: false },
    });
  });

  it("takes the locale its link names to the sign-in page and back, and else speaks the newest subscription's", async () => {
    expect(await account('/account?lang=de-DE', { lang: 'de-DE' })).toEqual({
      redirect: { destination: '/account/sign-in?return=%2Faccount%3Flang%3Dde-DE&lang=de-DE', permanent: false },
    });
    const email = 'locale.account@example.com';
    const cookie = await signedIn((await serverContext()).db, email);
    await subscription(email, false, { locale: 'en-GB', timeZone: 'Europe/London' });
    // Subscriptions made in the same millisecond have no order: the second is made later.
    await new Promise((resolve) => setTimeout(resolve, 5));
    await subscription(email, false, { locale: 'fr-FR', timeZone: 'Europe/Paris' });
    expect(await account('/account?livemode=false', { livemode: 'false' }, cookie)).toMatchObject({
      props: { i18n: { locale: 'fr-FR', timeZone: 'Europe/Paris' } },
    });
    expect(await account('/account?livemode=false&lang=de-DE', { livemode: 'false', lang: 'de-DE' }, cookie)).toMatchObject({
      props: { i18n: { locale: 'de-DE' } },
    });
  });

  it('shows a buyer signed back in their test-mode subscription, which live mode does not', async () => {
    const email = 'test.mode.account@example.com';
    const cookie = await signedIn((await serverContext()).db, email);
    const id = await subscription(email, false);
    expect(await account('/account?livemode=false', { livemode: 'false' }, cookie)).toMatchObject({
      props: { livemode: false, subscriptions: [{ id }] },
    });
    expect(await account('/account', {}, cookie)).toMatchObject({ props: { livemode: true, subscriptions: [] } });
  });

  it("lists the subscription's History from its kept history, in the subscriber's words only", async () => {
    const email = 'history.account@example.com';
    const { db } = await serverContext();
    const cookie = await signedIn(db, email);
    const id = await subscription(email, false);
    const subscriptions = new SubscriptionRepository(db);
    await subscriptions.markCancelling((await subscriptions.findById(id))!, {
      at: new Date(),
      reason: 'too much to read',
      channel: 'account',
    });
    await subscriptions.markResumed((await subscriptions.findById(id))!, new Date());
    // Care's own note is for care: never in the account.
    await appendHistoryEvent(
      db,
      id,
      { event: 'care_action', actor: { kind: 'care', id: 'op_7' } },
      { action: 'subscription.noted', by: 'operator:care@example.com' },
    );
    const result = (await account('/account?livemode=false', { livemode: 'false' }, cookie)) as { props: AccountPageProps };
    const [shown] = result.props.subscriptions;
    const english = fallbackWords();
    expect(shown!.history!.map((line) => historyText(english, line.event))).toEqual([
      'Subscribed',
      'Cancellation requested: it stops at the end of the period you paid for',
      'Cancellation taken back: it renews again',
    ]);
    expect(english.date(shown!.history![0]!.at)).toBe(english.date(shown!.startedOn));
    expect(JSON.stringify(shown!.history)).not.toMatch(/op_7|care@example|too much/);
  });
});
