// @vitest-environment jsdom
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SubscriptionSummary } from '@/lib/account/accountView';
import { ApiClientProvider } from '@/components/shell/ApiClientProvider';
import { createFakeApiClient, type FakeApiClient } from '@/tests/fixtures/fakeApiClient';
import { subscriptionSummaryFixture } from '@/tests/fixtures/subscriptionSummary';
import { AccountOverview } from './AccountOverview';
import { I18nProvider } from '@/components/shell/I18n';
import { pageWordsFixture } from '@/tests/fixtures/pageWords';

/** QA's account: two undone Vogue Digital purchases (newest first, as the store lists them), then the one that runs. */
const undone = (id: string, startedOn: string) =>
  subscriptionSummaryFixture({
    id,
    startedOn,
    status: 'ended',
    canCancel: false,
    testClock: null,
    facts: { nextCharge: null, endsAt: startedOn, periodEnd: '2027-11-26T10:00:00.000Z', pastDue: null },
  });
const running = subscriptionSummaryFixture({
  id: 'sub_cccccccccccccccc',
  startedOn: '2026-11-01T10:00:00.000Z',
  paymentMethod: 'Mastercard ending in 4444',
  testClock: { today: '2026-11-21T10:00:00.000Z' },
  invoices: [
    { transactionId: 'txn_1', number: 'INV-TEST-2026-000001', issuedAt: '2026-11-01T10:00:00.000Z', total: 2500, currencyCode: 'USD' },
  ],
});
const QA = [
  undone('sub_aaaaaaaaaaaaaaaa', '2026-11-21T10:05:00.000Z'),
  undone('sub_bbbbbbbbbbbbbbbb', '2026-11-20T10:05:00.000Z'),
  running,
];

const view = (subscriptions: SubscriptionSummary[], api: FakeApiClient = createFakeApiClient()) =>
  render(
    <ApiClientProvider client={api}>
      <AccountOverview email="reader@example.com" livemode={false} subscriptions={subscriptions} brand={null} />
    </ApiClientProvider>,
  );

const cards = () => screen.getAllByTestId('subscription');
const fold = () => screen.getByTestId('ended-subscriptions') as HTMLDetailsElement;

describe('AccountOverview', () => {
  it('lists the running subscriptions first, and folds the ended ones below them, closed', () => {
    view(QA);
    expect(cards().map((card) => card.getAttribute('data-subscription-id'))).toEqual([
      'sub_cccccccccccccccc',
      'sub_aaaaaaaaaaaaaaaa',
      'sub_bbbbbbbbbbbbbbbb',
    ]);
    expect(fold().tagName).toBe('DETAILS');
    expect(fold().open).toBe(false);
    expect(within(fold()).getByText('Ended subscriptions (2)').tagName).toBe('SUMMARY');
    expect(
      within(fold())
        .getAllByTestId('subscription')
        .map((card) => card.getAttribute('data-subscription-id')),
    ).toEqual(['sub_aaaaaaaaaaaaaaaa', 'sub_bbbbbbbbbbbbbbbb']);
    expect(fold().contains(screen.getByRole('link', { name: 'Cancel subscription' }))).toBe(false);
  });

  it('keeps the only test clock, the running one’s, out of the fold', () => {
    view(QA);
    const clocks = screen.getAllByRole('region', { name: 'Test clock' });
    expect(clocks).toHaveLength(1);
    expect(fold().contains(clocks[0]!)).toBe(false);
  });

  it('tells two cards of the same plan apart by when they started and what pays for them', () => {
    view(QA);
    const lines = screen.getAllByTestId('subscription-line').map((line) => line.textContent);
    expect(lines).toEqual([
      'Vogue Digital · since November 1, 2026 · Mastercard ending in 4444',
      'Vogue Digital · since November 21, 2026 · Visa ending in 4242',
      'Vogue Digital · since November 20, 2026 · Visa ending in 4242',
    ]);
    expect(new Set(lines).size).toBe(lines.length);
  });

  it('says each status once per card', () => {
    view(QA);
    for (const card of cards()) {
      const status = within(card).getByTestId('subscription-status').textContent!;
      expect(card.textContent!.split(status).length - 1, `${status} in ${card.getAttribute('data-subscription-id')}`).toBe(1);
    }
  });

  it('opens the fold when nothing runs, and shows no fold when nothing ended', () => {
    const { unmount } = view(QA.slice(0, 2));
    expect(fold().open).toBe(true);
    unmount();
    view([running]);
    expect(screen.queryByTestId('ended-subscriptions')).toBeNull();
  });

  describe('a card that stops or starts running while the page is open', () => {
    /** The running one of QA's account, cancelled: its test clock can move it to its end. */
    const cancelled = {
      ...running,
      status: 'cancelling' as const,
      canCancel: false,
      canResume: true,
      facts: { nextCharge: null, endsAt: '2026-11-30T10:00:00.000Z', periodEnd: '2027-11-26T10:00:00.000Z', pastDue: null },
    };
    const over = { ...cancelled, status: 'ended' as const, statusText: 'Ended', canResume: false, testClock: null };
    const ids = (cards: HTMLElement[]) => cards.map((card) => card.getAttribute('data-subscription-id'));
    const announcement = () => screen.getByTestId('subscription-moved');

    it('moves into the fold at once when its clock ends it: the fold opens, a screen reader is told where, and the focus follows it', async () => {
      const api = createFakeApiClient().answer('moveTestClock', { subscription: over });
      view([QA[0]!, QA[1]!, cancelled], api);
      expect(announcement().textContent).toBe('');
      const button = screen.getByRole('button', { name: /Move to the next renewal/ });
      button.focus();
      await act(async () => fireEvent.click(button));

      expect(fold().open).toBe(true);
      expect(within(fold()).getByText('Ended subscriptions (3)').tagName).toBe('SUMMARY');
      // Where a reload would put it: the store's order, newest first, within the fold.
      expect(ids(within(fold()).getAllByTestId('subscription'))).toEqual([
        'sub_aaaaaaaaaaaaaaaa',
        'sub_bbbbbbbbbbbbbbbb',
        'sub_cccccccccccccccc',
      ]);
      expect(announcement().getAttribute('role')).toBe('status');
      expect(announcement().textContent).toBe(
        'Vogue: Vogue Digital, since November 1, 2026 no longer runs: it moved down, into “Ended subscriptions (3)”, now open below.',
      );
      const moved = within(fold()).getByRole('article', { name: /Vogue: Vogue Digital/, description: /since November 1, 2026/ });
      expect(document.activeElement).toBe(within(moved).getByRole('heading', { level: 2 }));
      expect(within(moved).getByTestId('subscription-moved-note').textContent).toBe('Moved down here: it no longer runs.');
      expect(screen.queryByRole('region', { name: 'Test clock' })).toBeNull();
    });

    it('leaves the focus where the subscriber has moved on to while the clock was moving', async () => {
      const api = createFakeApiClient();
      const pending = api.defer('moveTestClock');
      view([QA[0]!, cancelled], api);
      fireEvent.click(screen.getByRole('button', { name: /Move one day ahead/ }));
      const elsewhere = within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Your account' });
      elsewhere.focus();
      await act(async () => pending.resolve({ subscription: over }));
      expect(ids(within(fold()).getAllByTestId('subscription'))).toEqual(['sub_aaaaaaaaaaaaaaaa', 'sub_cccccccccccccccc']);
      expect(document.activeElement).toBe(elsewhere);
      expect(announcement().textContent).toMatch(/^Vogue: Vogue Digital, since November 1, 2026 no longer runs/);
    });

    it('moves back up when it runs again, should the server let a card in the fold be resumed', async () => {
      const resumable = { ...QA[1]!, canResume: true };
      const resumed = { ...resumable, status: 'active' as const, statusText: 'Active', canResume: false, canCancel: true };
      const api = createFakeApiClient().answer('resumeSubscription', { subscription: resumed });
      view([QA[0]!, resumable, running], api);
      fireEvent.click(within(fold()).getByText('Ended subscriptions (2)'));
      const button = within(fold()).getByRole('button', { name: /Resume subscription/ });
      button.focus();
      await act(async () => fireEvent.click(button));

      expect(ids(cards())).toEqual(['sub_bbbbbbbbbbbbbbbb', 'sub_cccccccccccccccc', 'sub_aaaaaaaaaaaaaaaa']);
      expect(ids(within(fold()).getAllByTestId('subscription'))).toEqual(['sub_aaaaaaaaaaaaaaaa']);
      expect(announcement().textContent).toBe(
        'Vogue: Vogue Digital, since November 20, 2026 runs again: it moved up, among your running subscriptions.',
      );
      const moved = cards()[0]!;
      expect(document.activeElement).toBe(within(moved).getByRole('heading', { level: 2 }));
      expect(within(moved).getByTestId('subscription-moved-note').textContent).toBe('Moved up here: it runs again.');
    });

    it('a resumed cancellation still runs: it stays where it is, and nothing is announced', async () => {
      const api = createFakeApiClient().answer('resumeSubscription', { subscription: running });
      view([QA[0]!, cancelled], api);
      await act(async () => fireEvent.click(screen.getByRole('button', { name: /Resume subscription/ })));
      expect(ids(cards())).toEqual(['sub_cccccccccccccccc', 'sub_aaaaaaaaaaaaaaaa']);
      expect(screen.getByText('Your subscription continues. We sent you a confirmation by e-mail.')).toBeTruthy();
      expect(announcement().textContent).toBe('');
      expect(fold().open).toBe(false);
      expect(screen.queryByTestId('subscription-moved-note')).toBeNull();
    });

    it('says each status once on a card that moved', async () => {
      const api = createFakeApiClient().answer('moveTestClock', { subscription: over });
      view([cancelled], api);
      await act(async () => fireEvent.click(screen.getByRole('button', { name: /Move to the next renewal/ })));
      const card = cards()[0]!;
      expect(card.textContent!.split('Ended').length - 1).toBe(1);
    });

    it('a new answer from the server (the page loaded again) shows the list as it gives it', async () => {
      const api = createFakeApiClient().answer('moveTestClock', { subscription: over });
      const { rerender } = view([QA[0]!, cancelled], api);
      await act(async () => fireEvent.click(screen.getByRole('button', { name: /Move to the next renewal/ })));
      rerender(
        <ApiClientProvider client={api}>
          <AccountOverview email="reader@example.com" livemode={false} subscriptions={[QA[0]!, running]} brand={null} />
        </ApiClientProvider>,
      );
      expect(ids(cards())).toEqual(['sub_cccccccccccccccc', 'sub_aaaaaaaaaaaaaaaa']);
      expect(within(cards()[0]!).getByTestId('subscription-status').textContent).toBe('Active');
      expect(fold().open).toBe(false);
      expect(screen.queryByTestId('subscription-moved-note')).toBeNull();
    });
  });
});

describe('AccountOverview in German and French', () => {
  const inLocale = (locale: string, subscriptions: SubscriptionSummary[]) =>
    render(
      <I18nProvider page={pageWordsFixture(locale)}>
        <ApiClientProvider client={createFakeApiClient()}>
          <AccountOverview email="leser@example.com" livemode={false} subscriptions={subscriptions} brand={null} />
        </ApiClientProvider>
      </I18nProvider>,
    );

  it('titles the list, folds the ended ones and keeps the account’s links in German', () => {
    inLocale('de-DE', QA);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Ihre Abonnements');
    expect(document.title).toBe('Ihre Abonnements');
    expect(within(fold()).getByText('Beendete Abonnements (2)').tagName).toBe('SUMMARY');
    // The header's link home, and the footer's.
    for (const home of screen.getAllByRole('link', { name: 'Ihr Konto' })) {
      expect(home.getAttribute('href')).toBe('/account?livemode=false&lang=de-DE');
    }
    expect(screen.getByRole('button', { name: 'Abmelden' })).toBeTruthy();
  });

  it('says in French that no subscription belongs to the address, and links the sign-in in French', () => {
    inLocale('fr-FR', []);
    const none = screen.getByTestId('no-subscriptions');
    expect(none.textContent).toBe(
      'Vous êtes connecté(e) en tant que leser@example.com, et aucun abonnement n’est lié à cette adresse (mode test compris). ' +
        'Si vous vous êtes abonné(e) avec une autre adresse, déconnectez-vous et connectez-vous avec celle-ci. Se connecter avec une autre adresse',
    );
    expect(within(none).getByRole('link').getAttribute('href')).toBe(
      '/account/sign-in?livemode=false&return=%2Faccount%3Flivemode%3Dfalse&lang=fr-FR',
    );
  });
});
