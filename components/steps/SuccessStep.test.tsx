// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stepPage } from '@/tests/fixtures/journeyViews';
import { api, setUpStepTests, snapshot } from '@/tests/fixtures/stepTests';
import { ORDERED_OFFERS, transactionFixture } from '@/tests/fixtures/transactions';
import { rememberOrderTracking } from '@/lib/checkout/orderTracking';
import { NO_MARKETING } from '@/lib/checkout/checkoutDraft';
import type { TransactionView } from '@/lib/checkout/transactionView';
import type { JourneyEvent } from '@/lib/tracking/events';
import { pageViewSessionId } from '@/lib/tracking/tracingSession';
import { onTrack } from '@/lib/tracking/track';
import { ApiClientProvider } from '@/components/shell/ApiClientProvider';
import SuccessStep from './SuccessStep';

setUpStepTests();

const BILLED_TO = { name: 'Ada Reader', address: ['New York', 'United States of America'] };

function renderSuccess(
  path: string,
  transaction: TransactionView | null,
  signedIn = false,
  trackingSessionId: string | null = null,
  readingUrl: string | null = 'https://www.vogue.com/',
) {
  const billedTo = transaction ? BILLED_TO : null;
  const page = stepPage(
    snapshot,
    path,
    'success',
    { transaction, signedIn, trackingSessionId, billedTo, readingUrl },
    { search: '?source=nl' },
  );
  return render(
    <ApiClientProvider client={api}>
      <SuccessStep {...page} />
    </ApiClientProvider>,
  );
}

const vogue = (overrides: Partial<TransactionView> = {}) => transactionFixture(ORDERED_OFFERS.vogueDigital, 2500, overrides);
const print = () => transactionFixture(ORDERED_OFFERS.newYorkerPrint, 14900);
const trial = () => transactionFixture(ORDERED_OFFERS.wiredTrial, 0);

describe('SuccessStep', () => {
  it('continues the visit that sent the order: its events carry the session id kept with the order', () => {
    renderSuccess('vogue/demo-single', vogue(), false, 'pv-before-the-bank-0001');
    expect(pageViewSessionId()).toBe('pv-before-the-bank-0001');
  });

  it('thanks the buyer and shows the invoice with the next renewal date and amount', () => {
    renderSuccess('vogue/demo-single', vogue());
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Thank you, Ada!');
    expect(screen.getByText(/Your Vogue Digital subscription is active\./)).toBeTruthy();
    expect(screen.getByTestId('invoice-total').textContent).toBe('Total paid$25.00');
    expect(screen.getByTestId('invoice-payment-method').textContent).toBe('Visa ending in 4242');
    expect(screen.getByTestId('invoice-renewal').textContent).toBe('November 21, 2027, $50.00');
    expect(screen.getByTestId('invoice-renewal').previousElementSibling?.textContent).toBe('Renews on');
    expect(screen.queryByTestId('first-issue')).toBeNull();
  });

  it('says when the first print issue arrives for a print offer', () => {
    renderSuccess('newyorker/demo-dual', print());
    expect(screen.getByTestId('first-issue').textContent).toMatch(/^Your first print issue will arrive by December 12, 2026\b/);
    expect(screen.getByTestId('invoice-renewal').textContent).toBe('November 21, 2027, $200.00');
  });

  it('starts a trial in plain words, with the date and amount of its first charge', () => {
    renderSuccess('wired/demo-trial', trial());
    expect(screen.getByText(/Your 30-day free trial of WIRED has started\./)).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/WIRED Free Trial has started|trial of WIRED Free Trial/);
    expect(screen.getByTestId('invoice-renewal').previousElementSibling?.textContent).toBe('First charge');
    expect(screen.getByTestId('invoice-renewal').textContent).toBe('December 21, 2026, $29.99');
  });

  it('offers a visitor who is not signed in a sign-in link that comes back here, the address left out of the URL', () => {
    renderSuccess('vogue/demo-single', vogue(), false);
    expect(screen.getByText(/Sign in to Vogue with ada@example\.com to read everything your subscription includes\./)).toBeTruthy();
    // The sign-in page prefills the address from the order the server finds by its receipt, never from the URL.
    expect(screen.getByRole('link', { name: 'Email me a sign-in link' }).getAttribute('href')).toBe(
      '/vogue/demo-single/auth/initiate/success?source=nl&method=magic-link',
    );
  });

  it("leads on to the brand's reading URL with a real link", () => {
    renderSuccess('vogue/demo-single', vogue());
    expect(screen.getByRole('link', { name: 'Start reading' }).getAttribute('href')).toBe('https://www.vogue.com/');
    expect(screen.getByRole('heading', { level: 2, name: 'Read Vogue' })).toBeTruthy();
  });

  it('names no "Start reading" link when the brand has no reading URL, and says only what is true', () => {
    renderSuccess('vogue/demo-single', vogue(), false, null, null);
    expect(screen.queryByRole('link', { name: /Start reading/ })).toBeNull();
    expect(document.body.textContent).not.toMatch(/Start reading/);
    expect(screen.getByRole('link', { name: 'Email me a sign-in link' })).toBeTruthy();
    renderSuccess('vogue/demo-single', vogue(), true, null, null);
    expect(screen.getByText(/You are signed in/)).toBeTruthy();
  });

  it('shows no internal id: the plan by its name and the date it renews on instead', () => {
    renderSuccess('vogue/demo-single', vogue());
    expect(document.body.textContent).not.toMatch(/sub_|txn_/);
    expect(screen.queryByTestId('invoice-subscription')).toBeNull();
    expect(screen.getByTestId('invoice-plan').textContent).toBe('Vogue Digital');
    expect(screen.getByTestId('invoice-renewal').textContent).toBe('November 21, 2027, $50.00');
  });

  it('makes the invoice printable on its own: brand, date, number, whom it is billed to and how it was paid', () => {
    renderSuccess('vogue/demo-single', vogue());
    const invoice = screen.getByTestId('printable-invoice');
    expect(screen.getByTestId('invoice-brand').textContent).toBe('Vogue');
    expect(invoice.querySelector('h2')?.textContent).toBe('Invoice INV-0001');
    expect(screen.getByTestId('invoice-date').textContent).toBe('November 21, 2026');
    expect(screen.getByTestId('invoice-billed-to').textContent).toBe('Ada ReaderNew YorkUnited States of America');
    for (const part of ['invoice', 'invoice-tax', 'invoice-total', 'invoice-payment-method']) {
      expect(invoice.contains(screen.getByTestId(part))).toBe(true);
    }
    // A test order's invoice says that nothing real was paid, printed too.
    expect(invoice.textContent).toContain('Test mode: no real payment was taken.');
  });

  it('prints the invoice from its button, which is not part of what prints', () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    renderSuccess('vogue/demo-single', vogue());
    const button = screen.getByRole('button', { name: 'Print invoice' });
    expect(screen.getByTestId('printable-invoice').contains(button)).toBe(false);
    fireEvent.click(button);
    expect(print).toHaveBeenCalledTimes(1);
    print.mockRestore();
  });

  it.each<[string, boolean, boolean, string, string]>([
    ['signed in, live', true, true, '/account', '/account/invoices/txn_fixture_1'],
    ['signed in, test', true, false, '/account?livemode=false', '/account/invoices/txn_fixture_1?livemode=false'],
    [
      'signed out, live',
      false,
      true,
      '/account/sign-in?email=ada%40example.com&return=%2Faccount',
      '/account/sign-in?email=ada%40example.com&return=%2Faccount%2Finvoices%2Ftxn_fixture_1',
    ],
    [
      'signed out, test',
      false,
      false,
      '/account/sign-in?email=ada%40example.com&return=%2Faccount%3Flivemode%3Dfalse',
      '/account/sign-in?email=ada%40example.com&return=%2Faccount%2Finvoices%2Ftxn_fixture_1%3Flivemode%3Dfalse',
    ],
  ])(
    'links the account and the invoice in it, %s (signed out: the sign-in prefilled with the address shown)',
    (_, signedIn, livemode, account, invoice) => {
      renderSuccess('vogue/demo-single', vogue({ livemode }), signedIn);
      expect(screen.getByTestId('success-account-link').getAttribute('href')).toBe(account);
      expect(screen.getByRole('link', { name: 'See this invoice in your account' }).getAttribute('href')).toBe(invoice);
      expect(document.body.textContent?.includes('Test mode: no real payment was taken.')).toBe(!livemode);
    },
  );

  it('links no invoice in the account for an order without a subscription (the account shows none)', () => {
    renderSuccess('vogue/demo-single', vogue({ subscription: null }));
    expect(screen.queryByRole('link', { name: 'See this invoice in your account' })).toBeNull();
    expect(screen.getByTestId('success-account-link')).toBeTruthy();
  });

  it('offers a signed-in visitor no sign-in link', () => {
    renderSuccess('vogue/demo-single', vogue(), true);
    expect(screen.queryByRole('link', { name: 'Email me a sign-in link' })).toBeNull();
    expect(screen.queryByText(/sign-in link/i)).toBeNull();
    expect(screen.getByText(/You are signed in/)).toBeTruthy();
  });

  it('shows nothing of any order without a receipt from this browser', () => {
    renderSuccess('vogue/demo-single', null);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('We can’t show this order');
    expect(screen.queryByTestId('invoice')).toBeNull();
    expect(screen.getByRole('link', { name: 'See our subscription offers' }).getAttribute('href')).toBe('/vogue/demo-single?source=nl');
  });

  it('says a failed payment is not complete and leads back to payment', () => {
    renderSuccess('vogue/demo-single', { ...vogue(), status: 'failed' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Your payment is not complete');
    expect(screen.getByRole('link', { name: 'Return to payment' }).getAttribute('href')).toBe('/vogue/demo-single/credit-card?source=nl');
  });

  it('forgets what was typed for the order once it is paid, so the next order starts with its boxes unticked', async () => {
    window.sessionStorage.setItem('pj:draft:vogue-demo-single', JSON.stringify({ renewalConsentFor: '1001:5000:USD:year' }));
    rememberOrderTracking('vogue-demo-single', { marketing: NO_MARKETING });
    renderSuccess('vogue/demo-single', vogue());
    await waitFor(() => expect(window.sessionStorage.getItem('pj:draft:vogue-demo-single')).toBeNull());
  });

  it('reports the purchase once, from the tab that placed the order only', async () => {
    rememberOrderTracking('vogue-demo-single', { marketing: { ...NO_MARKETING, newsletter: true } });
    const events: JourneyEvent[] = [];
    const off = onTrack((event) => events.push(event));
    const { rerender } = renderSuccess('vogue/demo-single', vogue());
    await waitFor(() => expect(events.map((event) => event.name)).toContain('marketing-permissions'));
    rerender(
      <ApiClientProvider client={api}>
        <SuccessStep
          {...stepPage(snapshot, 'vogue/demo-single', 'success', {
            transaction: vogue(),
            signedIn: false,
            trackingSessionId: null,
            billedTo: BILLED_TO,
            readingUrl: null,
          })}
        />
      </ApiClientProvider>,
    );
    off();
    expect(events.map((event) => event.name)).toEqual(['waypoint', 'purchase', 'marketing-permissions']);
    expect(events[0]!.payload).toMatchObject({ waypointId: 'success' });
  });
});
