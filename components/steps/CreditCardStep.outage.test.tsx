// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  fillPaymentForm,
  renderPaymentStep,
  SANDBOX_CARD,
  SANDBOX_PAYPAL,
  setUpPaymentStepTests,
  submitButton,
  valueOf,
} from '@/tests/fixtures/creditCardStep';
import { push } from '@/tests/fixtures/paymentStepRouter';
import { api } from '@/tests/fixtures/stepTests';
import { createApiClient } from '@/lib/api/apiClient';
import type { EnabledPaymentMethod } from '@/lib/payments/methods';

vi.mock('next/router', () => import('@/tests/fixtures/paymentStepRouter'));

setUpPaymentStepTests();

const renderPayment = (methods: EnabledPaymentMethod[]) => renderPaymentStep(methods);
const fillForm = () => fillPaymentForm('4000 0000 0000 5035');

/** The server's answer when the provider is down, read by the browser's real API client (status, Retry-After, our error body). */
function providerDown() {
  const down = async () =>
    Response.json(
      {
        error: {
          code: 'payment_provider_unavailable',
          message: 'Card payments are unavailable right now. Nothing was charged. Try again in a few minutes.',
        },
      },
      { status: 503, headers: { 'Retry-After': '120' } },
    );
  api.answerWith('submit', (request) => createApiClient({ fetch: down }).submit(request));
}

describe('CreditCardStep when the payment provider is down', () => {
  it('shows the outage panel above the button, focused, keeps everything typed, and Try again pays as the same attempt', async () => {
    renderPayment([SANDBOX_CARD]);
    await fillForm();
    providerDown();
    fireEvent.click(submitButton());

    const panel = await screen.findByTestId('provider-outage');
    const message = within(panel).getByRole('alert');
    expect(message.textContent).toBe('Card payments are unavailable right now. Nothing was charged. Try again in a few minutes.');
    expect(message.id).toBe('payment-failure');
    await waitFor(() => expect(document.activeElement).toBe(message));
    // Right above the submit button, within the step: nothing navigated, nothing typed lost.
    expect(panel.nextElementSibling).toBe(submitButton());
    expect(push).not.toHaveBeenCalled();
    expect([
      valueOf('Email'),
      valueOf('First name'),
      valueOf('Last name'),
      valueOf('Card number'),
      valueOf('Expiry'),
      valueOf('CVC'),
    ]).toEqual(['ada@example.com', 'Ada', 'Reader', '4000 0000 0000 5035', '12/30', '123']);

    // The provider is back: the same attempt (its key kept, so it cannot charge twice) goes through.
    api.answer('submit', { status: 'succeeded', transactionId: 'txn_1', successPath: '/vogue/demo-single/success?livemode=false' });
    fireEvent.click(within(panel).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(push).toHaveBeenCalledWith('/vogue/demo-single/success?livemode=false'));
    const [first, second] = api.callsOf('submit').map(([request]) => request);
    expect(second!.idempotencyKey).toBe(first!.idempotencyKey);
    expect(second!.billing).toEqual(first!.billing);
    expect(screen.queryByTestId('provider-outage')).toBeNull();
  }, 15_000);

  it('suggests another way to pay when the step offers one', async () => {
    renderPayment([SANDBOX_CARD, SANDBOX_PAYPAL]);
    await fillForm();
    providerDown();
    fireEvent.click(submitButton());
    const panel = await screen.findByTestId('provider-outage');
    expect(within(panel).getByRole('alert').textContent).toBe(
      'Card payments are unavailable right now. Nothing was charged. Try again in a few minutes, or pay with another method.',
    );
  });

  it('shows a decline as before, not as an outage', async () => {
    renderPayment([SANDBOX_CARD]);
    await fillForm();
    api.answer('submit', { status: 'failed', transactionId: 'txn_1', code: 'generic_decline', message: 'Your card was declined.' });
    fireEvent.click(submitButton());
    await screen.findByText('Your card was declined.');
    expect(screen.queryByTestId('provider-outage')).toBeNull();
  });
});
