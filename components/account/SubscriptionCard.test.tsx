// @vitest-environment jsdom
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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

  it('links the warning of one without a reusable card to the same page', () => {
    view({ ...card, needsPaymentMethod: true });
    expect(screen.getByRole('link', { name: 'Please add a card' }).getAttribute('href')).toBe(
      '/account/subscriptions/sub_aaaaaaaaaaaaaaaa/card?livemode=false',
    );
  });

  it('offers no card change for a wallet subscription or one that ended', () => {
    view({ ...card, paymentChange: 'paypal', paymentMethod: 'PayPal' });
    expect(screen.queryByRole('link', { name: 'Change card' })).toBeNull();
    expect(screen.getByText(/change the payment method in your PayPal account/)).toBeTruthy();
  });

  describe('past due', () => {
    const pastDue = subscriptionSummaryFixture({
      status: 'past_due',
      statusText: 'Payment due',
      nextCharge: null,
      pastDue: {
        reason: 'Your card was declined.',
        nextTry: 'November 27, 2026',
        accessUntil: 'December 10, 2026',
        endsOn: 'December 10, 2026',
      },
    });

    it('says why the payment failed, the next try, until when access is kept and when it ends, with the card link', () => {
      view(pastDue);
      const block = screen.getByTestId('subscription-past-due');
      expect(block.textContent).toContain('Your last payment did not go through.');
      expect(block.textContent).toContain(
        'Your card was declined. We will try again on November 27, 2026. You keep access until December 10, 2026; unless it is paid, the subscription ends on December 10, 2026.',
      );
      expect(within(block).getByRole('link', { name: 'Update your card' }).getAttribute('href')).toBe(
        '/account/subscriptions/sub_aaaaaaaaaaaaaaaa/card?livemode=false',
      );
      expect(screen.getByTestId('subscription-status').textContent).toBe('Payment due');
      expect(screen.queryByTestId('subscription-next-charge')).toBeNull();
    });

    it('says no try is coming when none is, and does not repeat the missing-card warning', () => {
      view({ ...pastDue, needsPaymentMethod: true, pastDue: { ...pastDue.pastDue!, nextTry: null, reason: 'Your card has expired.' } });
      const block = screen.getByTestId('subscription-past-due');
      expect(block.textContent).toContain('Your card has expired. We will not try it again.');
      expect(block.textContent).not.toContain('We will try again');
      expect(screen.queryByRole('link', { name: 'Please add a card' })).toBeNull();
    });

    it('sends a wallet subscription to its wallet, with no card link', () => {
      view({ ...pastDue, paymentChange: 'amazon-pay', paymentMethod: 'Amazon Pay' });
      expect(within(screen.getByTestId('subscription-past-due')).queryByRole('link')).toBeNull();
      expect(screen.getByText(/change the payment method in your Amazon account/)).toBeTruthy();
    });

    it('shows no past-due block for a subscription that is paid', () => {
      view(card);
      expect(screen.queryByTestId('subscription-past-due')).toBeNull();
    });
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
});
