// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { SubscriptionSummary } from '@/lib/account/accountView';
import { ApiClientProvider } from '@/components/shell/ApiClientProvider';
import { createFakeApiClient } from '@/tests/fixtures/fakeApiClient';
import { subscriptionSummaryFixture } from '@/tests/fixtures/subscriptionSummary';
import { SubscriptionCard } from './SubscriptionCard';

const card = subscriptionSummaryFixture();

const view = (subscription: SubscriptionSummary, api = createFakeApiClient()) =>
  render(
    <ApiClientProvider client={api}>
      <SubscriptionCard subscription={subscription} livemodeQuery="?livemode=false" />
    </ApiClientProvider>,
  );

describe('SubscriptionCard', () => {
  it('links a card subscription to its card change, in its mode', () => {
    view(card);
    expect(screen.getByRole('link', { name: 'Change card' }).getAttribute('href')).toBe(
      '/account/subscriptions/sub_aaaaaaaaaaaaaaaa/card?livemode=false',
    );
  });

  it('links a subscription that can be withdrawn from to its withdraw page, in its mode', () => {
    view({ ...card, canWithdraw: true });
    expect(screen.getByRole('link', { name: 'Withdraw from contract' }).getAttribute('href')).toBe(
      '/account/subscriptions/sub_aaaaaaaaaaaaaaaa/withdraw?livemode=false',
    );
  });

  it('lists its history, oldest first, and no History where it has none', () => {
    const { unmount } = view({
      ...card,
      history: [
        { date: 'November 26, 2026', text: 'Subscribed' },
        { date: 'December 2, 2026', text: 'Cancellation requested: it stops at the end of the period you paid for' },
      ],
    });
    const history = screen.getByRole('region', { name: 'History' });
    expect([...history.querySelectorAll('li')].map((line) => line.textContent)).toEqual([
      'November 26, 2026: Subscribed',
      'December 2, 2026: Cancellation requested: it stops at the end of the period you paid for',
    ]);
    unmount();
    view({ ...card, history: [] });
    expect(screen.queryByRole('region', { name: 'History' })).toBeNull();
  });

  it('shows no withdraw link where the purchase cannot be withdrawn from', () => {
    view(card);
    expect(screen.queryByRole('link', { name: 'Withdraw from contract' })).toBeNull();
  });

  it('links the warning of one without a reusable card to the same page', () => {
    view({ ...card, needsPaymentMethod: true });
    expect(screen.getByRole('link', { name: 'Please add a card' }).getAttribute('href')).toBe(
      '/account/subscriptions/sub_aaaaaaaaaaaaaaaa/card?livemode=false',
    );
  });

  it('says what was refunded of an invoice, beside its link', () => {
    view({
      ...card,
      invoices: [
        { transactionId: 'txn_1', number: 'INV-TEST-2026-000001', date: 'November 26, 2026', total: '$25.00', refunded: '$10.00' },
        { transactionId: 'txn_2', number: 'INV-TEST-2026-000002', date: 'November 27, 2026', total: '$25.00' },
      ],
    });
    const [refunded, kept] = screen.getAllByRole('listitem').filter((item) => /INV-TEST/.test(item.textContent ?? ''));
    expect(refunded!.textContent).toBe('INV-TEST-2026-000001, November 26, 2026, $25.00 Refunded $10.00');
    expect(kept!.textContent).toBe('INV-TEST-2026-000002, November 27, 2026, $25.00');
  });

  it('offers no card change for a wallet subscription or one that ended', () => {
    view({ ...card, paymentChange: 'paypal', paymentMethod: 'PayPal' });
    expect(screen.queryByRole('link', { name: 'Change card' })).toBeNull();
    expect(screen.getByText(/change the payment method in your PayPal account/)).toBeTruthy();
  });

  it('sends a past-due card subscription to the card page, with our dates', () => {
    view({
      ...card,
      status: 'past_due',
      pastDue: {
        reason: 'Your card was declined.',
        next: 'We will try again on November 22, 2027.',
        dates: { accessUntil: 'December 5, 2027', endsOn: 'December 5, 2027' },
        walletFix: null,
        awaitsBank: false,
      },
    });
    const block = screen.getByTestId('subscription-past-due');
    expect(block.textContent).toContain('We will try again on November 22, 2027. You keep access until December 5, 2027;');
    expect(screen.getByRole('link', { name: 'Update your card' })).toBeTruthy();
  });

  it('sends a past-due PayPal subscription to PayPal, without dates PayPal decides', () => {
    view({
      ...card,
      status: 'past_due',
      paymentChange: 'paypal',
      paymentMethod: 'PayPal',
      pastDue: {
        reason: 'PayPal could not take the payment.',
        next: 'PayPal will try again in the next days.',
        dates: null,
        walletFix: {
          text: 'Update the payment method in your PayPal account.',
          label: 'Go to your PayPal account',
          href: 'https://www.sandbox.paypal.com/myaccount/autopay/',
        },
        awaitsBank: false,
      },
    });
    const block = screen.getByTestId('subscription-past-due');
    expect(block.textContent).not.toContain('You keep access until');
    expect(screen.getByRole('link', { name: 'Go to your PayPal account' }).getAttribute('href')).toBe(
      'https://www.sandbox.paypal.com/myaccount/autopay/',
    );
    expect(screen.queryByRole('link', { name: 'Update your card' })).toBeNull();
  });

  it.each([
    ['Active', {}],
    ['Free trial', { status: 'trialing', statusText: 'Free trial', trialEndsOn: 'December 5, 2026' }],
    [
      'Cancelled',
      {
        status: 'cancelling',
        statusText: 'Cancelled',
        nextCharge: null,
        endsAt: 'November 26, 2027 at 10:00 UTC',
        canCancel: false,
        canResume: true,
      },
    ],
    ['Ended', { status: 'ended', statusText: 'Ended', nextCharge: null, endsAt: 'November 21, 2026 at 10:05 UTC', canCancel: false }],
  ] as const)('says %s once on the card', (status, overrides) => {
    view({ ...card, ...overrides });
    expect(screen.getByTestId('subscription-status').textContent).toBe(status);
    expect(screen.getByTestId('subscription').textContent!.split(status).length - 1).toBe(1);
  });

  it('puts the main action above the invoices and the test clock', () => {
    view({
      ...card,
      invoices: [{ transactionId: 'txn_1', number: 'INV-TEST-2026-000001', date: 'November 26, 2026', total: '$25.00' }],
      testClock: { today: 'November 21, 2026' },
    });
    const cancel = screen.getByRole('link', { name: 'Cancel subscription' });
    const after = (later: Element) => Boolean(cancel.compareDocumentPosition(later) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(after(screen.getByRole('region', { name: 'Invoices' }))).toBe(true);
    expect(after(screen.getByRole('region', { name: 'Test clock' }))).toBe(true);
  });

  it('describes itself by plan, start date and payment method', () => {
    view(card);
    expect(screen.getByRole('article', { name: /^Vogue: Vogue Digital/ }).getAttribute('aria-describedby')).toBe(
      screen.getByTestId('subscription-line').id,
    );
    expect(screen.getByTestId('subscription-line').textContent).toBe('Vogue Digital · since November 26, 2026 · Visa ending in 4242');
  });

  describe('test clock', () => {
    it('is shown only where the server lets the clock move', () => {
      const { unmount } = view(card);
      expect(screen.queryByRole('region', { name: 'Test clock' })).toBeNull();
      unmount();
      view({ ...card, testClock: { today: 'November 21, 2026' } });
      expect(screen.getByRole('region', { name: 'Test clock' })).toBeTruthy();
      expect(screen.getByTestId('test-clock-today').textContent).toBe('November 21, 2026');
    });

    it('shows the subscription as the moved clock left it', async () => {
      const renewed = subscriptionSummaryFixture({
        nextCharge: { date: 'November 26, 2028', amount: '$50.00 plus any applicable tax' },
        invoices: [{ transactionId: 'txn_r_1', number: 'INV-TEST-2027-000001', date: 'November 26, 2027', total: '$50.00' }],
        testClock: { today: 'November 26, 2027' },
      });
      const api = createFakeApiClient().answer('moveTestClock', { subscription: renewed });
      view({ ...card, testClock: { today: 'November 21, 2026' } }, api);
      await act(async () => fireEvent.click(screen.getByRole('button', { name: /Move to the next renewal/ })));
      expect(screen.getByTestId('subscription-next-charge').textContent).toBe('November 26, 2028, $50.00 plus any applicable tax');
      expect(screen.getByRole('link', { name: /INV-TEST-2027-000001/ })).toBeTruthy();
      expect(screen.getByTestId('test-clock-today').textContent).toBe('November 26, 2027');
    });
  });

  describe('in the account’s list', () => {
    const cancelled = subscriptionSummaryFixture({ status: 'cancelling', statusText: 'Cancelled', canCancel: false, canResume: true });

    it('tells the list of each change made here, and shows the change itself', async () => {
      const onChange = vi.fn();
      const api = createFakeApiClient().answer('resumeSubscription', { subscription: card });
      render(
        <ApiClientProvider client={api}>
          <SubscriptionCard subscription={cancelled} livemodeQuery="" onChange={onChange} />
        </ApiClientProvider>,
      );
      await act(async () => fireEvent.click(screen.getByRole('button', { name: /Resume subscription/ })));
      expect(onChange).toHaveBeenCalledWith(card);
      expect(screen.getByTestId('subscription-status').textContent).toBe('Active');
    });

    it('says why it is where it is after a move, and its heading can take the focus', () => {
      render(
        <ApiClientProvider client={createFakeApiClient()}>
          <SubscriptionCard subscription={card} livemodeQuery="" movedNote="Moved up here: it runs again." />
        </ApiClientProvider>,
      );
      expect(screen.getByTestId('subscription-moved-note').textContent).toBe('Moved up here: it runs again.');
      expect(screen.getByRole('heading', { level: 2 }).getAttribute('tabindex')).toBe('-1');
    });

    it('shows a new answer from the server in place of what changed here', async () => {
      const api = createFakeApiClient().answer('resumeSubscription', { subscription: card });
      const { rerender } = render(
        <ApiClientProvider client={api}>
          <SubscriptionCard subscription={cancelled} livemodeQuery="" />
        </ApiClientProvider>,
      );
      await act(async () => fireEvent.click(screen.getByRole('button', { name: /Resume subscription/ })));
      const ended = subscriptionSummaryFixture({ status: 'ended', statusText: 'Ended', canCancel: false, nextCharge: null });
      rerender(
        <ApiClientProvider client={api}>
          <SubscriptionCard subscription={ended} livemodeQuery="" />
        </ApiClientProvider>,
      );
      expect(screen.getByTestId('subscription-status').textContent).toBe('Ended');
    });
  });
});
