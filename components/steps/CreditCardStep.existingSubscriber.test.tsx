// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { demoSnapshot } from '@/tests/fixtures/demoSnapshot';
import { clearCartCookies } from '@/tests/fixtures/cartCookieJar';
import { fillPaymentForm, renderPaymentStep, SANDBOX_CARD, submitButton, valueOf } from '@/tests/fixtures/creditCardStep';
import type { FakeApiClient } from '@/tests/fixtures/fakeApiClient';
import { catalogueApiClient } from '@/tests/fixtures/journeyViews';
import { createApiClient } from '@/lib/api/apiClient';
import type { EnabledPaymentMethod } from '@/lib/payments/methods';
import type { CatalogueSnapshot } from '@/lib/server/catalogue/CatalogueRepository';

const push = vi.fn(async (_url: string) => true);
vi.mock('next/router', () => ({ useRouter: () => ({ push, asPath: '/vogue/demo-single/credit-card?livemode=false' }) }));

let snapshot: CatalogueSnapshot;
let api: FakeApiClient;
beforeAll(async () => {
  snapshot = await demoSnapshot();
});
beforeEach(() => {
  window.sessionStorage.clear();
  clearCartCookies('/vogue/demo-single');
  push.mockClear();
  api = catalogueApiClient(snapshot);
});

const renderPayment = (methods: EnabledPaymentMethod[]) => renderPaymentStep(snapshot, api, methods);
const fillForm = () => fillPaymentForm('4242 4242 4242 4242');

/** The server's answer for an e-mail that already subscribes, read by the browser's real API client. */
function alreadySubscribed() {
  const answer = async () =>
    Response.json(
      {
        error: {
          code: 'email_already_subscribed',
          message:
            'ada@example.com already has a Vogue subscription, so nothing was charged. Sign in to read and manage it: we can e-mail you a sign-in link.',
        },
      },
      { status: 409 },
    );
  api.answerWith('submit', (request) => createApiClient({ fetch: answer }).submit(request));
}

describe('CreditCardStep for an e-mail that already subscribes', () => {
  it('says so above the button, focused, and e-mails a sign-in link back to this page', async () => {
    renderPayment([SANDBOX_CARD]);
    await fillForm();
    alreadySubscribed();
    fireEvent.click(submitButton());

    const panel = await screen.findByTestId('existing-subscriber');
    const message = within(panel).getByRole('alert');
    expect(message.textContent).toContain('already has a Vogue subscription, so nothing was charged');
    await waitFor(() => expect(document.activeElement).toBe(message));
    expect(push).not.toHaveBeenCalled();
    expect(valueOf('Email')).toBe('ada@example.com');

    fireEvent.click(within(panel).getByRole('button', { name: 'E-mail me a sign-in link' }));
    await within(panel).findByText(/We sent a sign-in link to/);
    expect(api.callsOf('requestSignInLink')).toEqual([
      [
        {
          email: 'ada@example.com',
          purpose: 'magic-link',
          brand: 'vogue',
          urlSlug: 'demo-single',
          returnPath: '/vogue/demo-single/credit-card?livemode=false',
        },
      ],
    ]);
  }, 15_000);

  it('says why when the link cannot be sent, and lets the visitor ask again', async () => {
    renderPayment([SANDBOX_CARD]);
    await fillForm();
    alreadySubscribed();
    api.answerWith('requestSignInLink', async () => {
      throw new Error('Too many sign-in links were asked for. Please wait 15 minutes and try again.');
    });
    fireEvent.click(submitButton());
    const panel = await screen.findByTestId('existing-subscriber');
    fireEvent.click(within(panel).getByRole('button', { name: 'E-mail me a sign-in link' }));
    expect(
      (await within(panel).findByText('Too many sign-in links were asked for. Please wait 15 minutes and try again.')).getAttribute('role'),
    ).toBe('alert');
    expect(within(panel).getByRole('button', { name: 'E-mail me a sign-in link' })).toBeTruthy();
  }, 15_000);
});
