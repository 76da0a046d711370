// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api/apiErrors';
import type { WithdrawalAnswerPageProps } from '@/lib/withdrawal/withdrawalView';
import { ApiClientProvider } from '@/components/shell/ApiClientProvider';
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
  receivedText: 'November 27, 2026 at 09:14 UTC',
  automaticText: 'November 30, 2026 at 09:14 UTC',
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
        receivedText: 'November 27, 2026 at 09:14 UTC',
        brandName: 'Vogue',
        offerName: 'Vogue Digital',
        invoiceNumber: 'INV-2026-000042',
        refund: { state: 'succeeded', amount: '$25.00', to: 'Visa ending in 4242' },
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
    view({ state: 'refused', message: 'This link was already used.', livemode: true });
    expect(screen.getByRole('alert').textContent).toBe('This link was already used.');
    cleanup();
    const api = createFakeApiClient();
    api.fail('answerWithdrawal', new ApiError({ status: 410, message: 'This link has expired.' }));
    view(ready('confirm'), api);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Confirm withdrawal' })));
    expect(screen.getByRole('alert').textContent).toBe('This link has expired.');
  });
});
