// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api/apiErrors';
import { ApiClientProvider } from '@/components/shell/ApiClientProvider';
import { I18nProvider } from '@/components/shell/I18n';
import { pageWordsFixture } from '@/tests/fixtures/pageWords';
import { createFakeApiClient } from '@/tests/fixtures/fakeApiClient';
import { subscriptionSummaryFixture } from '@/tests/fixtures/subscriptionSummary';
import { CancelSubscriptionView } from './CancelSubscriptionView';

const active = subscriptionSummaryFixture();
const cancelled = subscriptionSummaryFixture({
  status: 'cancelling',
  facts: { ...active.facts, nextCharge: null, endsAt: '2027-11-26T10:00:00.000Z' },
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

  describe('in the subscription’s language', () => {
    function viewIn(locale: string, api = createFakeApiClient(), subscription = active) {
      render(
        <I18nProvider page={pageWordsFixture(locale)}>
          <ApiClientProvider client={api}>
            <CancelSubscriptionView email="ada@example.com" livemode brand={null} subscription={subscription} />
          </ApiClientProvider>
        </I18nProvider>,
      );
      return api;
    }

    it('confirms with the button German law words (§ 312k BGB), sending the reason as chosen', async () => {
      const api = viewIn('de-DE').answer('cancelSubscription', { subscription: cancelled });
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Abonnement kündigen');
      expect(screen.getByRole('option', { name: 'Zu teuer' })).toBeTruthy();
      fireEvent.change(screen.getByLabelText('Warum kündigen Sie? (optional)'), { target: { value: 'Too expensive' } });
      await act(async () => fireEvent.click(screen.getByRole('button', { name: 'jetzt kündigen' })));
      expect(api.callsOf('cancelSubscription')).toEqual([['sub_aaaaaaaaaaaaaaaa', 'Too expensive']]);
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Ihr Abonnement ist gekündigt');
      expect(screen.getByRole('link', { name: 'Zurück zu Ihren Abonnements' }).getAttribute('href')).toBe('/account?lang=de-DE');
    });

    it('says a refusal by its code in German, never in the server’s English', async () => {
      const api = createFakeApiClient();
      api.fail(
        'cancelSubscription',
        new ApiError({ status: 409, code: 'subscription_ended', message: 'This subscription has already ended.' }),
      );
      viewIn('de-DE', api);
      await act(async () => fireEvent.click(screen.getByRole('button', { name: 'jetzt kündigen' })));
      expect(screen.getByRole('alert').textContent).toBe('Dieses Abonnement ist bereits beendet: Es gibt nichts zu kündigen.');
    });

    it('keeps the usual wording in France', () => {
      viewIn('fr-FR');
      expect(screen.getByRole('button', { name: 'Confirmer la résiliation' })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Garder mon abonnement' }).getAttribute('href')).toBe('/account?lang=fr-FR');
    });
  });
});
