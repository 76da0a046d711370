// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/apiErrors';
import { ApiClientProvider } from '@/components/shell/ApiClientProvider';
import { I18nProvider } from '@/components/shell/I18n';
import { pageWordsFixture } from '@/tests/fixtures/pageWords';
import { createFakeApiClient } from '@/tests/fixtures/fakeApiClient';
import { PublicWithdrawalPage } from './PublicWithdrawalPage';

/** A router whose shallow pushes change the query the page reads, as Next's do; `history` keeps each entry. */
const router = vi.hoisted(() => {
  const listeners = new Set<() => void>();
  const state = { query: {} as Record<string, string>, history: [] as Record<string, string>[] };
  const go = (query: Record<string, string>) => {
    state.query = query;
    listeners.forEach((listener) => listener());
  };
  return { listeners, state, go };
});
vi.mock('next/router', async () => {
  const { useSyncExternalStore } = await import('react');
  return {
    useRouter: () => {
      const query = useSyncExternalStore(
        (listener) => (router.listeners.add(listener), () => void router.listeners.delete(listener)),
        () => router.state.query,
      );
      const to = (url: { query: Record<string, string> }) => (
        router.state.history.push(url.query),
        router.go(url.query),
        Promise.resolve(true)
      );
      return { pathname: '/withdraw', query, push: to, replace: to };
    },
  };
});

beforeEach(() => {
  router.go({ livemode: 'false' });
  router.state.history = [];
  window.sessionStorage.clear();
});

function view(api = createFakeApiClient(), livemode = false) {
  render(
    <ApiClientProvider client={api}>
      <PublicWithdrawalPage livemode={livemode} />
    </ApiClientProvider>,
  );
  return api;
}

const fill = (email: string, invoice: string, name = '') => {
  fireEvent.change(screen.getByLabelText('Email address you bought with'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Invoice number'), { target: { value: invoice } });
  fireEvent.change(screen.getByLabelText('Your name (optional)'), { target: { value: name } });
};

describe('PublicWithdrawalPage', () => {
  it('takes the details, shows a summary to confirm, then a receipt with the date and time received', async () => {
    const api = view().answer('declareWithdrawal', { received: true, receivedAt: '2026-11-27T09:14:00.000Z' });
    fill(' ada@example.com ', 'inv-test-2026-000001', 'Ada Reader');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(api.callsOf('declareWithdrawal')).toEqual([]);
    expect(screen.getByTestId('withdrawal-summary').textContent).toContain(
      'You are withdrawing from the contract with invoice INV-TEST-2026-000001 for ada@example.com (Ada Reader).',
    );
    expect(screen.getByTestId('withdrawal-summary').textContent).toContain('We then e-mail the address the subscription belongs to');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Confirm withdrawal' })));
    expect(api.callsOf('declareWithdrawal')).toEqual([
      [{ email: 'ada@example.com', invoiceNumber: 'inv-test-2026-000001', livemode: false, name: 'Ada Reader' }],
    ]);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Withdrawal received');
    const receipt = screen.getByTestId('withdrawal-received').textContent;
    expect(receipt).toContain('Received on November 27, 2026 at 09:14 UTC for ada@example.com, invoice INV-TEST-2026-000001.');
    // True whether or not the details named a purchase: the page is no oracle.
    expect(receipt).toContain('If this address and invoice number belong to a purchase made in the last 14 days');
    // Nothing ends at once: the subscription's own address confirms, or the objection window passes.
    expect(receipt).toContain('we have e-mailed the address the subscription belongs to, to confirm it.');
    expect(receipt).toContain('or on November 30, 2026 at 09:14 UTC if nobody tells us it was not them');
  });

  it('says what is wrong with the details before sending anything', () => {
    const api = view();
    fill('not-an-address', '');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Enter a valid email address, like name@example.com.')).toBeTruthy();
    expect(screen.getByLabelText('Invoice number').getAttribute('aria-invalid')).toBe('true');
    expect(api.calls).toEqual([]);
  });

  it('goes back to change the details, and says why a declaration failed', async () => {
    const api = createFakeApiClient();
    api.fail('declareWithdrawal', new ApiError({ status: 429, code: 'too_many_requests', message: 'Too many withdrawals were sent…' }));
    view(api);
    fill('ada@example.com', 'INV-2026-000001');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Confirm withdrawal' })));
    expect(screen.getByRole('alert').textContent).toBe(
      'Too many withdrawals were sent from your network. Please wait 15 minutes and try again, or sign in and withdraw from your account. ' +
        'In test mode, an admin or customer care operator can lift this limit on /admin/limits.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Change the details' }));
    expect((screen.getByLabelText('Email address you bought with') as HTMLInputElement).value).toBe('ada@example.com');
  });

  it('keeps the steps in the history and what was typed through a reload, the receipt too', async () => {
    const api = createFakeApiClient().answer('declareWithdrawal', { received: true, receivedAt: '2026-11-27T09:14:00.000Z' });
    const first = render(
      <ApiClientProvider client={api}>
        <PublicWithdrawalPage livemode={false} />
      </ApiClientProvider>,
    );
    fill('ada@example.com', 'INV-2026-000001', 'Ada');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(router.state.history).toEqual([{ livemode: 'false', step: 'confirm' }]);
    first.unmount();

    // A reload on the summary: the details are still there.
    view(api);
    await act(async () => undefined);
    expect(screen.getByTestId('withdrawal-summary').textContent).toContain('invoice INV-2026-000001 for ada@example.com (Ada)');
    // Back: the details step, filled in.
    act(() => router.go({ livemode: 'false' }));
    expect((screen.getByLabelText('Invoice number') as HTMLInputElement).value).toBe('INV-2026-000001');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Confirm withdrawal' })));
    expect(router.state.query).toEqual({ livemode: 'false', step: 'received' });
    cleanup();

    // A reload on the receipt shows it again, and sends nothing.
    view(api);
    await act(async () => undefined);
    expect(screen.getByTestId('withdrawal-received').textContent).toContain('Received on November 27, 2026 at 09:14 UTC');
    expect(api.callsOf('declareWithdrawal')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw from another contract' }));
    expect((screen.getByLabelText('Email address you bought with') as HTMLInputElement).value).toBe('');
  });

  it('speaks German: the function’s button reads „Widerruf bestätigen“, the receipt on the reader’s clock', async () => {
    const api = createFakeApiClient().answer('declareWithdrawal', { received: true, receivedAt: '2026-11-27T09:14:00.000Z' });
    render(
      <ApiClientProvider client={api}>
        <I18nProvider page={{ ...pageWordsFixture('de-DE'), timeZone: 'Europe/Berlin' }}>
          <PublicWithdrawalPage livemode={false} />
        </I18nProvider>
      </ApiClientProvider>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Vertrag widerrufen');
    fireEvent.click(screen.getByRole('button', { name: 'Weiter' }));
    expect(screen.getByText('Geben Sie eine gültige E-Mail-Adresse ein, z. B. name@example.com.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('E-Mail-Adresse, mit der Sie gekauft haben'), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText('Rechnungsnummer'), { target: { value: 'INV-2026-000001' } });
    fireEvent.click(screen.getByRole('button', { name: 'Weiter' }));
    expect(screen.getByTestId('withdrawal-summary').textContent).toContain(
      'Sie widerrufen den Vertrag mit der Rechnungsnummer INV-2026-000001 für ada@example.com. Ihr Widerruf gilt ab dem Zeitpunkt',
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Widerruf bestätigen' })));
    const received = screen.getByTestId('withdrawal-received').textContent;
    expect(received).toContain('Eingegangen am 27. November 2026 um 10:14 Uhr (MEZ) für ada@example.com, Rechnungsnummer INV-2026-000001.');
    expect(received).toContain('oder am 30. November 2026 um 10:14 Uhr (MEZ), wenn uns niemand mitteilt');
    expect(screen.getByRole('link', { name: 'melden Sie sich in Ihrem Konto an' }).getAttribute('href')).toBe(
      '/account?livemode=false&lang=de-DE',
    );
  });

  it('speaks French, « Confirmer la rétractation » included, and words a refusal by its code', async () => {
    const api = createFakeApiClient();
    api.fail(
      'declareWithdrawal',
      new ApiError({ status: 403, code: 'cross_site_request', message: 'This request came from another site…' }),
    );
    render(
      <ApiClientProvider client={api}>
        <I18nProvider page={pageWordsFixture('fr-FR')}>
          <PublicWithdrawalPage livemode />
        </I18nProvider>
      </ApiClientProvider>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Se rétracter du contrat');
    fireEvent.change(screen.getByLabelText('Adresse e-mail utilisée pour l’achat'), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText('Numéro de facture'), { target: { value: 'INV-2026-000001' } });
    fireEvent.change(screen.getByLabelText('Votre nom (facultatif)'), { target: { value: 'Ada' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continuer' }));
    expect(screen.getByTestId('withdrawal-summary').textContent).toContain('facture INV-2026-000001 pour ada@example.com (Ada).');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Confirmer la rétractation' })));
    expect(screen.getByRole('alert').textContent).toBe(
      'Cette demande venait d’un autre site\u00a0: elle a été refusée et rien n’a été modifié. Ouvrez ce site directement et réessayez.',
    );
  });
});
