// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { SubscriptionSummary } from '@/lib/account/accountView';
import { ApiError } from '@/lib/api/apiErrors';
import { ApiClientProvider } from '@/components/shell/ApiClientProvider';
import { createFakeApiClient, type FakeApiClient } from '@/tests/fixtures/fakeApiClient';
import { subscriptionSummaryFixture } from '@/tests/fixtures/subscriptionSummary';
import { TestClockPanel } from './TestClockPanel';
import { I18nProvider } from '@/components/shell/I18n';
import { pageWordsFixture } from '@/tests/fixtures/pageWords';

const subscription = { ...subscriptionSummaryFixture(), testClock: { today: '2026-11-21T10:00:00.000Z' } };
const moved = subscriptionSummaryFixture({ testClock: { today: '2027-11-26T10:00:00.000Z' }, invoices: [] });

function view(api: FakeApiClient = createFakeApiClient()) {
  const onMoved = vi.fn<(subscription: SubscriptionSummary) => void>();
  render(
    <ApiClientProvider client={api}>
      <TestClockPanel subscription={subscription} onMoved={onMoved} />
    </ApiClientProvider>,
  );
  return { api, onMoved };
}

const button = (name: RegExp) => screen.getByRole('button', { name });
const DAY = /Move one day ahead/;
const NEXT = /Move to the next renewal/;

describe('TestClockPanel', () => {
  it('shows the subscription’s own date', () => {
    view();
    expect(screen.getByRole('region', { name: 'Test clock' })).toBeTruthy();
    expect(screen.getByTestId('test-clock-today').textContent).toBe('November 21, 2026');
  });

  it.each([
    [DAY, 'day'],
    [NEXT, 'next-renewal'],
  ] as const)('moves the clock with %s and hands the answer on', async (name, advance) => {
    const { api, onMoved } = view(createFakeApiClient().answer('moveTestClock', { subscription: moved }));
    await act(async () => fireEvent.click(button(name)));
    expect(api.callsOf('moveTestClock')).toEqual([['sub_aaaaaaaaaaaaaaaa', advance]]);
    expect(onMoved).toHaveBeenCalledExactlyOnceWith(moved);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the loader on the button pressed and disables both while the clock moves', async () => {
    const api = createFakeApiClient();
    const pending = api.defer('moveTestClock');
    const { onMoved } = view(api);
    await act(async () => fireEvent.click(button(NEXT)));
    expect(button(NEXT).getAttribute('aria-busy')).toBe('true');
    expect(button(DAY).getAttribute('aria-busy')).toBe('false');
    expect((button(NEXT) as HTMLButtonElement).disabled).toBe(true);
    expect((button(DAY) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Moving the clock…')).toBeTruthy();
    // A second press meanwhile sends nothing.
    await act(async () => fireEvent.click(button(DAY)));
    expect(api.callsOf('moveTestClock')).toHaveLength(1);
    await act(async () => pending.resolve({ subscription: moved }));
    expect((button(NEXT) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByText('Moving the clock…')).toBeNull();
    expect(onMoved).toHaveBeenCalledOnce();
  });

  it('says why the clock did not move, and lets it be tried again', async () => {
    // A running subscription with nothing to move to is one its provider renews (lib/server/renewals/testClock.ts).
    const refusal = 'Nothing is scheduled for this subscription: its provider renews it by itself.';
    const { api, onMoved } = view(
      createFakeApiClient()
        .fail('moveTestClock', new ApiError({ status: 409, code: 'nothing_scheduled', message: refusal }))
        .answer('moveTestClock', { subscription: moved }),
    );
    await act(async () => fireEvent.click(button(NEXT)));
    expect(screen.getByRole('alert').textContent).toBe(refusal);
    expect(onMoved).not.toHaveBeenCalled();
    expect((button(NEXT) as HTMLButtonElement).disabled).toBe(false);
    await act(async () => fireEvent.click(button(DAY)));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onMoved).toHaveBeenCalledExactlyOnceWith(moved);
    expect(api.callsOf('moveTestClock')).toHaveLength(2);
  });
});

describe('TestClockPanel in German', () => {
  it('shows the date, the buttons and a refusal in German, for a German QA walk', async () => {
    const api = createFakeApiClient().fail(
      'moveTestClock',
      new ApiError({
        status: 409,
        code: 'nothing_scheduled',
        message: 'Nothing is scheduled for this subscription: no notice is due before its next renewal.',
      }),
    );
    render(
      <I18nProvider page={pageWordsFixture('de-DE')}>
        <ApiClientProvider client={api}>
          <TestClockPanel subscription={subscription} onMoved={vi.fn()} />
        </ApiClientProvider>
      </I18nProvider>,
    );
    expect(screen.getByRole('region', { name: 'Testuhr' })).toBeTruthy();
    expect(screen.getByTestId('test-clock-today').textContent).toBe('21. November 2026');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Zur nächsten Benachrichtigung vorstellen' })));
    expect(screen.getByRole('alert').textContent).toBe(
      'Für dieses Abonnement ist nichts geplant: Vor der nächsten Verlängerung ist keine Benachrichtigung fällig.',
    );
  });
});
