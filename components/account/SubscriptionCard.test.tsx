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
});
