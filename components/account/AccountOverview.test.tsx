// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SubscriptionSummary } from '@/lib/account/accountView';
import { ApiClientProvider } from '@/components/shell/ApiClientProvider';
import { createFakeApiClient } from '@/tests/fixtures/fakeApiClient';
import { subscriptionSummaryFixture } from '@/tests/fixtures/subscriptionSummary';
import { AccountOverview } from './AccountOverview';

/** QA's account: two undone Vogue Digital purchases (newest first, as the store lists them), then the one that runs. */
const undone = (id: string, startedOn: string) =>
  subscriptionSummaryFixture({
    id,
    startedOn,
    status: 'ended',
    statusText: 'Ended',
    nextCharge: null,
    endsAt: `${startedOn} at 10:05 UTC`,
    canCancel: false,
    testClock: null,
  });
const running = subscriptionSummaryFixture({
  id: 'sub_cccccccccccccccc',
  startedOn: 'November 1, 2026',
  paymentMethod: 'Mastercard ending in 4444',
  testClock: { today: 'November 21, 2026' },
  invoices: [{ transactionId: 'txn_1', number: 'INV-TEST-2026-000001', date: 'November 1, 2026', total: '$25.00' }],
});
const QA = [undone('sub_aaaaaaaaaaaaaaaa', 'November 21, 2026'), undone('sub_bbbbbbbbbbbbbbbb', 'November 20, 2026'), running];

const view = (subscriptions: SubscriptionSummary[]) =>
  render(
    <ApiClientProvider client={createFakeApiClient()}>
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
});
