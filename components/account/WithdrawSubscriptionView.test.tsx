// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api/apiErrors';
import { INELIGIBLE_MESSAGES } from '@/lib/withdrawal/withdrawalPolicy';
import type { WithdrawalOffer, WithdrawalReceipt } from '@/lib/withdrawal/withdrawalView';
import { ApiClientProvider } from '@/components/shell/ApiClientProvider';
import { I18nProvider } from '@/components/shell/I18n';
import { pageWordsFixture } from '@/tests/fixtures/pageWords';
import { createFakeApiClient } from '@/tests/fixtures/fakeApiClient';
import { subscriptionSummaryFixture } from '@/tests/fixtures/subscriptionSummary';
import { WithdrawSubscriptionView } from './WithdrawSubscriptionView';

const subscription = subscriptionSummaryFixture({ canWithdraw: true });
const eligible: WithdrawalOffer = {
  state: 'eligible',
  refundAmount: { cents: 2500, currency: 'EUR' },
  refundTo: 'Visa ending in 4242',
  invoiceNumber: 'INV-TEST-2026-000001',
  until: '2026-12-04T09:00:00.000Z',
};
const receipt: WithdrawalReceipt = {
  receivedAt: '2026-11-27T09:14:00.000Z',
  brandName: 'Vogue',
  offerName: 'Vogue Digital',
  invoiceNumber: 'INV-TEST-2026-000001',
  refund: { state: 'succeeded', amount: { cents: 2500, currency: 'EUR' }, to: 'Visa ending in 4242' },
  emailedTo: 'ada@example.com',
};

function view(offer: WithdrawalOffer = eligible, api = createFakeApiClient()) {
  render(
    <ApiClientProvider client={api}>
      <WithdrawSubscriptionView email="ada@example.com" livemode={false} brand={null} subscription={subscription} offer={offer} />
    </ApiClientProvider>,
  );
  return api;
}

describe('WithdrawSubscriptionView', () => {
  it('says what withdrawing does, then withdraws on Confirm and shows the receipt with the date and time', async () => {
    const api = view().answer('withdrawSubscription', { withdrawal: receipt });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Withdraw from contract');
    expect(screen.getByText(/access ends now/i)).toBeTruthy();
    expect(screen.getByText('You get €25.00 back in full, to Visa ending in 4242.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Keep my subscription' }).getAttribute('href')).toBe('/account?livemode=false');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Confirm withdrawal' })));
    expect(api.callsOf('withdrawSubscription')).toEqual([['sub_aaaaaaaaaaaaaaaa']]);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Withdrawal received');
    const shown = screen.getByTestId('withdrawal-receipt').textContent;
    expect(shown).toContain('Withdrawal received on November 27, 2026 at 09:14 UTC.');
    expect(shown).toContain('(invoice INV-TEST-2026-000001)');
    expect(shown).toContain('We refunded €25.00 to Visa ending in 4242.');
    expect(shown).toContain('We have e-mailed a confirmation to ada@example.com.');
  });

  it('is busy while it waits, and Confirm cannot be pressed twice', async () => {
    const api = createFakeApiClient();
    const pending = api.defer('withdrawSubscription');
    view(eligible, api);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Confirm withdrawal' })));
    const button = screen.getByRole('button', { name: /Confirm withdrawal/ });
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    await act(async () => pending.resolve({ withdrawal: receipt }));
    expect(screen.getByTestId('withdrawal-receipt')).toBeTruthy();
  });

  it('says why a withdrawal failed, and keeps Confirm to try again', async () => {
    const api = createFakeApiClient();
    api.fail('withdrawSubscription', new ApiError({ status: 409, code: 'withdrawal_too_late', message: INELIGIBLE_MESSAGES.too_late }));
    view(eligible, api);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Confirm withdrawal' })));
    expect(screen.getByRole('alert').textContent).toBe(INELIGIBLE_MESSAGES.too_late);
    expect(screen.getByRole('button', { name: 'Confirm withdrawal' })).toBeTruthy();
  });

  it('shows the receipt, not the button, for a withdrawal made already (a reload)', () => {
    view({ state: 'withdrawn', receipt: { ...receipt, refund: { ...receipt.refund, state: 'pending' } } });
    expect(screen.queryByRole('button', { name: 'Confirm withdrawal' })).toBeNull();
    expect(screen.getByTestId('withdrawal-receipt').textContent).toContain('Your refund of €25.00 to Visa ending in 4242 is under way.');
  });

  it('explains why a subscription cannot be withdrawn from, with no button', () => {
    view({ state: 'ineligible', reason: 'too_late' });
    expect(screen.getByTestId('withdrawal-refused').textContent).toContain('The 14-day withdrawal period for this purchase has passed.');
    expect(screen.queryByRole('button', { name: 'Confirm withdrawal' })).toBeNull();
  });

  it('speaks German: the refund in euros, the deadline and the receipt on the reader’s clock, „Widerruf bestätigen“', async () => {
    const api = createFakeApiClient().answer('withdrawSubscription', { withdrawal: receipt });
    render(
      <ApiClientProvider client={api}>
        <I18nProvider page={{ ...pageWordsFixture('de-DE'), timeZone: 'Europe/Berlin' }}>
          <WithdrawSubscriptionView email="ada@example.com" livemode={false} brand={null} subscription={subscription} offer={eligible} />
        </I18nProvider>
      </ApiClientProvider>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Vertrag widerrufen');
    expect(screen.getByText(/bis zum 4\. Dezember 2026 um 10:00 Uhr \(MEZ\), ohne Angabe von Gründen/)).toBeTruthy();
    expect(screen.getByText('Sie erhalten 25,00 € vollständig auf Visa ending in 4242 zurück.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Abonnement behalten' }).getAttribute('href')).toBe('/account?livemode=false&lang=de-DE');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Widerruf bestätigen' })));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Widerruf eingegangen');
    const shown = screen.getByTestId('withdrawal-receipt').textContent;
    expect(shown).toContain('Widerruf eingegangen am 27. November 2026 um 10:14 Uhr (MEZ).');
    expect(shown).toContain('Wir haben 25,00\u00a0€ auf Visa ending in 4242 erstattet.');
  });

  it('says in French why a subscription cannot be withdrawn from', () => {
    render(
      <ApiClientProvider client={createFakeApiClient()}>
        <I18nProvider page={pageWordsFixture('fr-FR')}>
          <WithdrawSubscriptionView
            email="ada@example.com"
            livemode
            brand={null}
            subscription={subscription}
            offer={{ state: 'ineligible', reason: 'refunded' }}
          />
        </I18nProvider>
      </ApiClientProvider>,
    );
    expect(screen.getByTestId('withdrawal-refused').textContent).toBe(
      `Vous ne pouvez pas vous rétracter de ${subscription.brandName}\u00a0: ${subscription.offerName}. Cet achat a déjà été intégralement remboursé.`,
    );
  });
});
