// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api/apiErrors';
import { ApiClientProvider } from '@/components/shell/ApiClientProvider';
import { createFakeApiClient } from '@/tests/fixtures/fakeApiClient';
import { subscriptionSummaryFixture } from '@/tests/fixtures/subscriptionSummary';
import { CancelSubscriptionView } from './CancelSubscriptionView';

const active = subscriptionSummaryFixture();
const cancelled = subscriptionSummaryFixture({
  status: 'cancelling',
  statusText: 'Cancelled',
  nextCharge: null,
  endsAt: 'November 26, 2027 at 10:00 UTC',
  canCancel: false,
  canResume: true,
});

function view(api = createFakeApiClient(), subscription = active) {
  render(
    <ApiClientProvider client={api}>
      <CancelSubscriptionView email="ada@example.com" livemode={false} brand={null} subscription={subscription} />
    </ApiClientProvider>,
  );
  return api;
}

describe('CancelSubscriptionView', () => {
  it('says what happens and when access ends, then cancels with the reason on Confirm', async () => {
    const api = view().answer('cancelSubscription', { subscription: cancelled });
    expect(screen.getByText(/You keep access until/).textContent).toContain('November 26, 2027 at 10:00 UTC');
    fireEvent.change(screen.getByLabelText('Why are you cancelling? (optional)'), { target: { value: 'Too expensive' } });
    fireEvent.change(screen.getByLabelText('Anything else you would like to tell us? (optional)'), { target: { value: ' Moving ' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Confirm cancellation' })));
    expect(api.callsOf('cancelSubscription')).toEqual([['sub_aaaaaaaaaaaaaaaa', 'Too expensive: Moving']]);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Your subscription is cancelled');
    expect(screen.getByTestId('cancel-confirmation').textContent).toContain('We sent a confirmation to ada@example.com.');
  });

  it('offers to keep the subscription beside Confirm, never in its way', () => {
    view();
    const keep = screen.getByRole('link', { name: 'Keep my subscription' });
    expect(keep.getAttribute('href')).toBe('/account?livemode=false');
  });

  it('says why a cancel failed, and keeps the form to try again', async () => {
    const api = createFakeApiClient();
    api.fail(
      'cancelSubscription',
      new ApiError({ status: 503, message: 'We could not change your subscription. Nothing was changed; please try again.' }),
    );
    view(api);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Confirm cancellation' })));
    expect(screen.getByRole('alert').textContent).toBe('We could not change your subscription. Nothing was changed; please try again.');
    expect(screen.getByRole('button', { name: 'Confirm cancellation' })).toBeTruthy();
  });

  it('shows a subscription cancelled already as cancelled, not the form (a reload after cancelling)', () => {
    view(createFakeApiClient(), cancelled);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('This subscription is cancelled');
    expect(screen.queryByRole('button', { name: 'Confirm cancellation' })).toBeNull();
  });
});
