// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api/apiErrors';
import { UNDO_MESSAGES } from '@/lib/server/duplicates/undoPurchase';
import type { UndoPurchaseAnswer, UndoPurchasePageProps } from '@/lib/account/undoPurchaseView';
import { ApiClientProvider } from '@/components/shell/ApiClientProvider';
import { I18nProvider } from '@/components/shell/I18n';
import { pageWordsFixture } from '@/tests/fixtures/pageWords';
import { createFakeApiClient } from '@/tests/fixtures/fakeApiClient';
import { UndoPurchasePage } from './UndoPurchasePage';

const facts = {
  brandName: 'Vogue',
  offerName: 'Vogue Digital',
  purchasedAt: '2026-11-21T12:00:00.000Z',
  amount: { cents: 2500, currency: 'USD' } as const,
  charged: true,
};
const ready: UndoPurchasePageProps = { state: 'ready', token: 't'.repeat(43), livemode: false, ...facts };
const undone: UndoPurchaseAnswer = {
  undone: true,
  undoneAt: '2026-11-22T09:30:00.000Z',
  refund: { status: 'succeeded', amount: { cents: 2500, currency: 'USD' } },
  brandName: 'Vogue',
  offerName: 'Vogue Digital',
};

function page(props: UndoPurchasePageProps, api = createFakeApiClient()) {
  render(
    <ApiClientProvider client={api}>
      <UndoPurchasePage {...props} />
    </ApiClientProvider>,
  );
  return api;
}

describe('UndoPurchasePage', () => {
  it('shows what was bought, when and the amount, and undoes it with its one button, busy while it waits', async () => {
    const api = page(ready);
    const pending = api.defer('undoPurchase');
    expect(screen.getByText('November 21, 2026 at 12:00 UTC')).toBeTruthy();
    const button = screen.getByRole('button', { name: 'Undo this purchase and refund $25.00' });
    await act(async () => fireEvent.click(button));
    expect(api.callsOf('undoPurchase')).toEqual([['t'.repeat(43)]]);
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    await act(async () => pending.resolve(undone));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Your purchase was undone');
    expect(screen.getByTestId('purchase-undone').textContent).toContain(
      'ended on November 22, 2026 at 09:30 UTC. We refunded $25.00 in full',
    );
  });

  it('says a link used already was used, and when, rather than an error', async () => {
    const api = createFakeApiClient();
    api.fail(
      'undoPurchase',
      new ApiError({
        status: 409,
        code: 'undo_link_used',
        message: 'This purchase was already undone, on November 22, 2026 at 09:30 UTC. Nothing more was done.',
        details: ['2026-11-22T09:30:00.000Z'],
      }),
    );
    page(ready, api);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Undo this purchase/ })));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('This purchase was undone');
    expect(screen.getByRole('status').textContent).toBe(
      'This purchase was already undone, on November 22, 2026 at 09:30 UTC. Nothing more was done.',
    );
  });

  it('says why an undo failed, and keeps the button to try again', async () => {
    const api = createFakeApiClient();
    api.fail(
      'undoPurchase',
      new ApiError({ status: 503, code: 'refund_provider_unavailable', message: 'The payment provider did not answer.' }),
    );
    page(ready, api);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Undo this purchase/ })));
    expect(screen.getByRole('alert').textContent).toBe(
      'The payment provider did not answer. The refund is recorded as pending and will be sent again; it is never made twice.',
    );
    expect((screen.getByRole('button', { name: /Undo this purchase/ }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('offers no refund for a free trial', () => {
    page({ ...ready, charged: false, amount: { cents: 0, currency: 'USD' } });
    expect(screen.getByRole('button', { name: 'Undo this purchase' })).toBeTruthy();
    expect(screen.queryByText(/refunded in full/)).toBeNull();
  });

  it('shows a purchase undone already with the time, and no button', () => {
    page({ state: 'undone', undoneAt: '2026-11-22T09:30:00.000Z', livemode: true, ...facts });
    expect(screen.getByTestId('purchase-undone').textContent).toContain('It was undone on November 22, 2026 at 09:30 UTC');
    expect(screen.queryByRole('button', { name: /Undo/ })).toBeNull();
  });

  it('says in words why a link cannot be used', () => {
    page({ state: 'refused', code: 'undo_link_expired', livemode: true });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('This link has expired');
    expect(screen.getByRole('alert').textContent).toBe(UNDO_MESSAGES.expired);
  });

  it('speaks German: the amount in euros, the dates, and what was refunded', async () => {
    const api = createFakeApiClient().answer('undoPurchase', {
      ...undone,
      refund: { status: 'pending', amount: { cents: 2500, currency: 'EUR' } },
      brandName: 'GQ',
      offerName: 'GQ Digital',
    });
    render(
      <ApiClientProvider client={api}>
        <I18nProvider page={pageWordsFixture('de-DE')}>
          <UndoPurchasePage {...ready} brandName="GQ" offerName="GQ Digital" amount={{ cents: 2500, currency: 'EUR' }} />
        </I18nProvider>
      </ApiClientProvider>,
    );
    expect(screen.getByText('21. November 2026 um 12:00 Uhr (UTC)')).toBeTruthy();
    expect(screen.getByText(/Dieses zweite Abonnement endet sofort und die gezahlten 25,00 € werden vollständig erstattet\./)).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /^Kauf rückgängig machen und 25,00\s€ erstatten$/ })));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Ihr Kauf wurde rückgängig gemacht');
    expect(screen.getByTestId('purchase-undone').textContent).toBe(
      'Das zweite GQ-Abonnement (GQ Digital) endete am 22. November 2026 um 09:30 Uhr (UTC). ' +
        'Die Erstattung von 25,00\u00a0€ ist beim Zahlungsanbieter in Bearbeitung; wir schreiben Ihnen, sobald sie erfolgt ist. ' +
        'Ihr anderes GQ-Abonnement läuft wie bisher weiter.',
    );
  });

  it('says in French that a link has expired', () => {
    render(
      <I18nProvider page={pageWordsFixture('fr-FR')}>
        <UndoPurchasePage state="refused" code="undo_link_expired" livemode />
      </I18nProvider>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Ce lien a expiré');
    expect(screen.getByRole('alert').textContent).toContain('pendant 14\u00a0jours');
  });
});
