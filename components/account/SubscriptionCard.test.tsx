// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SubscriptionSummary } from '@/lib/account/accountView';
import { ApiClientProvider } from '@/components/shell/ApiClientProvider';
import { createFakeApiClient } from '@/tests/fixtures/fakeApiClient';
import { subscriptionSummaryFixture } from '@/tests/fixtures/subscriptionSummary';
import { SubscriptionCard } from './SubscriptionCard';

const card = subscriptionSummaryFixture();

const view = (subscription: SubscriptionSummary) =>
  render(
    <ApiClientProvider client={createFakeApiClient()}>
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

  it('sends a past-due card subscription to the card page, with our dates', () => {
    view({
      ...card,
      status: 'past_due',
      pastDue: {
        reason: 'Your card was declined.',
        next: 'We will try again on November 22, 2027.',
        dates: { accessUntil: 'December 5, 2027', endsOn: 'December 5, 2027' },
        walletFix: null,
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
      },
    });
    const block = screen.getByTestId('subscription-past-due');
    expect(block.textContent).not.toContain('You keep access until');
    expect(screen.getByRole('link', { name: 'Go to your PayPal account' }).getAttribute('href')).toBe(
      'https://www.sandbox.paypal.com/myaccount/autopay/',
    );
    expect(screen.queryByRole('link', { name: 'Update your card' })).toBeNull();
  });
});
