// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { demoSnapshot } from '@/tests/fixtures/demoSnapshot';
import { clearCartCookies, visit } from '@/tests/fixtures/cartCookieJar';
import type { FakeApiClient } from '@/tests/fixtures/fakeApiClient';
import { catalogueApiClient, orderViewFor, selectionOf, stepPage, TEST_TODAY } from '@/tests/fixtures/journeyViews';
import { createApiClient } from '@/lib/api/apiClient';
import { writeCartCookie } from '@/lib/cart/cartCookie';
import type { EnabledPaymentMethod } from '@/lib/payments/methods';
import type { CatalogueSnapshot } from '@/lib/server/catalogue/CatalogueRepository';
import { ApiClientProvider } from '../shell/ApiClientProvider';
import CreditCardStep from './CreditCardStep';

const push = vi.fn(async (_url: string) => true);
const asPath = '/vogue/demo-single/credit-card?livemode=false';
vi.mock('next/router', () => ({ useRouter: () => ({ push, asPath }) }));

const CARD: EnabledPaymentMethod = { id: 'card', config: { gateway: 'sandbox' } };
const PAYPAL: EnabledPaymentMethod = { id: 'paypal', config: { gateway: 'sandbox' } };

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

function renderPayment(paymentMethods: EnabledPaymentMethod[]) {
  visit(asPath);
  writeCartCookie('vogue-demo-single', selectionOf('1001'));
  const page = stepPage(
    snapshot,
    'vogue/demo-single',
    'credit-card',
    {
      order: orderViewFor(snapshot, 'vogue/demo-single', selectionOf('1001'), { withLocation: true }),
      notice: null,
      paidOrder: false,
      paymentMethods,
      signedInEmail: null,
      today: TEST_TODAY,
      returnedFailure: null,
    },
    { search: '?livemode=false' },
  );
  return render(
    <ApiClientProvider client={api}>
      <CreditCardStep {...page} />
    </ApiClientProvider>,
  );
}

const change = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const valueOf = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;
const submitButton = () => screen.getByRole('button', { name: /^Subscribe/ });

async function fillForm() {
  change('Email', 'ada@example.com');
  change('First name', 'Ada');
  change('Last name', 'Reader');
  change('Country', 'GB');
  await waitFor(() => expect(submitButton().getAttribute('aria-disabled')).toBe('false'));
  change('Card number', '4242 4242 4242 4242');
  change('Expiry', '12/30');
  change('CVC', '123');
}

/** The server's answer for an e-mail that already subscribes, read by the browser's real API client. */
function alreadySubscribed() {
  const answer = async () =>
    Response.json(
      {
        error: {
          code: 'email_already_subscribed',
          message: 'ada@example.com already has a Vogue subscription, so nothing was charged. Sign in to read and manage it: we can e-mail you a sign-in link.',
        },
      },
      { status: 409 },
    );
  api.answerWith('submit', (request) => createApiClient({ fetch: answer }).submit(request));
}

describe('CreditCardStep for an e-mail that already subscribes', () => {
  it('says so above the button, focused, and e-mails a sign-in link back to this page', async () => {
    renderPayment([CARD]);
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
      [{ email: 'ada@example.com', purpose: 'magic-link', brand: 'vogue', urlSlug: 'demo-single', returnPath: '/vogue/demo-single/credit-card?livemode=false' }],
    ]);
  }, 15_000);

  it('says why when the link cannot be sent, and lets the visitor ask again', async () => {
    renderPayment([CARD]);
    await fillForm();
    alreadySubscribed();
    api.answerWith('requestSignInLink', async () => {
      throw new Error('Too many sign-in links were asked for. Please wait 15 minutes and try again.');
    });
    fireEvent.click(submitButton());
    const panel = await screen.findByTestId('existing-subscriber');
    fireEvent.click(within(panel).getByRole('button', { name: 'E-mail me a sign-in link' }));
    expect((await within(panel).findByText('Too many sign-in links were asked for. Please wait 15 minutes and try again.')).getAttribute('role')).toBe('alert');
    expect(within(panel).getByRole('button', { name: 'E-mail me a sign-in link' })).toBeTruthy();
  }, 15_000);
});
