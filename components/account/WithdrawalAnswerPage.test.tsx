// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api/apiErrors';
import type { WithdrawalAnswerPageProps } from '@/lib/withdrawal/withdrawalView';
import { ApiClientProvider } from '@/components/shell/ApiClientProvider';
import { I18nProvider } from '@/components/shell/I18n';
import { pageWordsFixture } from '@/tests/fixtures/pageWords';
import { createFakeApiClient } from '@/tests/fixtures/fakeApiClient';
import { WithdrawalAnswerPage } from './WithdrawalAnswerPage';

afterEach(cleanup);

const ready = (purpose: 'confirm' | 'object'): WithdrawalAnswerPageProps => ({
  state: 'ready',
  purpose,
  token: 'tok',
  brandName: 'Vogue',
  offerName: 'Vogue Digital',
  invoiceNumber: 'INV-2026-000042',
  receivedAt: '2026-11-27T09:14:00.000Z',
  automaticAt: '2026-11-30T09:14:00.000Z',
  livemode: false,
});

function view(props: WithdrawalAnswerPageProps, api = createFakeApiClient()) {
  render(
    <ApiClientProvider client={api}>
      <WithdrawalAnswerPage {...props} />
    </ApiClientProvider>,
  );
  return api;
}

describe('WithdrawalAnswerPage', () => {
  it('asks to confirm, sending nothing on opening, then shows the receipt', async () => {
    const api = view(ready('confirm')).answer('answerWithdrawal', {
      answer: 'confirmed',
      withdrawal: {
        receivedAt: '2026-11-27T09:14:00.000Z',
        brandName: 'Vogue',
        offerName: 'Vogue Digital',
        invoiceNumber: 'INV-2026-000042',
        refund: { state: 'succeeded', amount: { cents: 2500, currency: 'USD' }, to: 'Visa ending in 4242' },
        emailedTo: 'ada@example.com',
      },
    });
    expect(api.calls).toEqual([]);
    expect(screen.getByTestId('withdrawal-link-summary').textContent).toContain('Without an answer, this happens on November 30, 2026');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Confirm withdrawal' })));
    expect(api.callsOf('answerWithdrawal')).toEqual([['tok']]);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Withdrawal confirmed');
    expect(screen.getByTestId('withdrawal-receipt').textContent).toContain('We refunded $25.00 to Visa ending in 4242.');
  });

  it('takes an objection and says the subscription continues', async () => {
    const api = view(ready('object')).answer('answerWithdrawal', { answer: 'objected', offerName: 'Vogue Digital' });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'This was not me' })));
    expect(api.callsOf('answerWithdrawal')).toEqual([['tok']]);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Your subscription continues');
    expect(screen.getByTestId('withdrawal-objected').textContent).toContain('nothing has ended and nothing is refunded');
  });

  it('says why a link cannot be used, and why an answer failed, as alerts', async () => {
    view({ state: 'refused', code: 'withdrawal_link_used', livemode: true });
    expect(screen.getByRole('alert').textContent).toBe(
      'This link was already used: the withdrawal has been answered. Your account shows where your subscription stands.',
    );
    cleanup();
    const api = createFakeApiClient();
    api.fail('answerWithdrawal', new ApiError({ status: 410, code: 'withdrawal_link_expired', message: 'This link has expired: …' }));
    view(ready('confirm'), api);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Confirm withdrawal' })));
    expect(screen.getByRole('alert').textContent).toBe(
      'This link has expired: with no answer within 3 days, the withdrawal is carried out as declared. If it was not you, please contact our customer care.',
    );
  });

  it('speaks French: « Confirmer la rétractation », the dates in French, a refusal by its code', () => {
    render(
      <ApiClientProvider client={createFakeApiClient()}>
        <I18nProvider page={pageWordsFixture('fr-FR')}>
          <WithdrawalAnswerPage {...ready('confirm')} />
        </I18nProvider>
      </ApiClientProvider>,
    );
    expect(screen.getByRole('button', { name: 'Confirmer la rétractation' })).toBeTruthy();
    expect(screen.getByTestId('withdrawal-link-summary').textContent).toBe(
      'Une rétractation de Vogue\u00a0: Vogue Digital (facture INV-2026-000042) a été reçue le 27 novembre 2026 à 09:14 (UTC), ' +
        'et compte à partir de ce moment. Confirmez-la, et l’abonnement prend fin maintenant et ce qui a été payé est remboursé. ' +
        'Sans réponse, cela se fera le 30 novembre 2026 à 09:14 (UTC).',
    );
    cleanup();
    render(
      <I18nProvider page={pageWordsFixture('de-DE')}>
        <WithdrawalAnswerPage state="refused" code="withdrawal_link_invalid" livemode />
      </I18nProvider>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Dieser Link kann nicht verwendet werden');
    expect(screen.getByRole('alert').textContent).toBe('Dieser Link ist ungültig. Bitte öffnen Sie den Link aus Ihrer E-Mail erneut.');
    expect(screen.getByRole('link', { name: 'Zu Ihrem Konto' }).getAttribute('href')).toBe('/account?lang=de-DE');
  });
});
