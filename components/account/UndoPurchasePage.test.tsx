// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api/apiErrors';
import type { UndoPurchaseAnswer, UndoPurchasePageProps } from '@/lib/account/undoPurchaseView';
import { ApiClientProvider } from '@/components/shell/ApiClientProvider';
import { createFakeApiClient } from '@/tests/fixtures/fakeApiClient';
import { UndoPurchasePage } from './UndoPurchasePage';

const facts = {
  brandName: 'Vogue',
  offerName: 'Vogue Digital',
  purchasedAt: 'November 21, 2026 at 12:00 UTC',
  amount: '$25.00',
  charged: true,
};
const ready: UndoPurchasePageProps = { state: 'ready', token: 't'.repeat(43), livemode: false, ...facts };
const undone: UndoPurchaseAnswer = {
  undone: true,
  undoneAt: 'November 22, 2026 at 09:30 UTC',
  refund: { status: 'succeeded', amount: '$25.00' },
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
        message: 'This purchase was already undone, on November 22, 2026 at 09:30 UTC.',
      }),
    );
    page(ready, api);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Undo this purchase/ })));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('This purchase was undone');
    expect(screen.getByRole('status').textContent).toContain('November 22, 2026 at 09:30 UTC');
  });

  it('says why an undo failed, and keeps the button to try again', async () => {
    const api = createFakeApiClient();
    api.fail('undoPurchase', new ApiError({ status: 503, message: 'The payment provider did not answer.' }));
    page(ready, api);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Undo this purchase/ })));
    expect(screen.getByRole('alert').textContent).toBe('The payment provider did not answer.');
    expect((screen.getByRole('button', { name: /Undo this purchase/ }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('offers no refund for a free trial', () => {
    page({ ...ready, charged: false, amount: '$0.00' });
    expect(screen.getByRole('button', { name: 'Undo this purchase' })).toBeTruthy();
    expect(screen.queryByText(/refunded in full/)).toBeNull();
  });

  it('shows a purchase undone already with the time, and no button', () => {
    page({ state: 'undone', undoneAt: 'November 22, 2026 at 09:30 UTC', livemode: true, ...facts });
    expect(screen.getByTestId('purchase-undone').textContent).toContain('It was undone on November 22, 2026 at 09:30 UTC');
    expect(screen.queryByRole('button', { name: /Undo/ })).toBeNull();
  });

  it('says in words why a link cannot be used', () => {
    page({ state: 'refused', title: 'This link has expired', message: 'This link has expired: …', livemode: true });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('This link has expired');
    expect(screen.getByRole('alert').textContent).toBe('This link has expired: …');
  });
});
