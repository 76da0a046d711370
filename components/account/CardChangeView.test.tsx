// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/apiErrors';
import { ApiClientProvider } from '@/components/shell/ApiClientProvider';
import { I18nProvider } from '@/components/shell/I18n';
import { pageWordsFixture } from '@/tests/fixtures/pageWords';
import { CardChangeView } from './CardChangeView';
import { leaving, renderCardPage as view } from '@/tests/fixtures/cardChangePage';
import { createFakeApiClient } from '@/tests/fixtures/fakeApiClient';
import { subscriptionSummaryFixture } from '@/tests/fixtures/subscriptionSummary';

const replace = vi.fn(async () => true);
let asPath = '/account/subscriptions/sub_aaaaaaaaaaaaaaaa/card?livemode=false';
vi.mock('next/router', () => ({ useRouter: () => ({ replace, asPath }) }));
afterEach(() => {
  replace.mockClear();
  vi.restoreAllMocks();
});

const SETUP = 'pi_sandbox_aaaaaaaaaaaaaaaaaaaa';

const active = subscriptionSummaryFixture();
/** Its last renewal declined: we try again the next day, and keep access until December 10. */
const pastDue = subscriptionSummaryFixture({
  status: 'past_due',
  facts: {
    nextCharge: null,
    endsAt: null,
    periodEnd: '2026-11-26T10:00:00.000Z',
    pastDue: {
      failureCode: 'generic_decline',
      retryAt: '2026-11-27T10:00:00.000Z',
      dates: { accessUntil: '2026-12-10T10:00:00.000Z', endsOn: '2026-12-10T10:00:00.000Z' },
    },
  },
});

const type = (number: string, expiry = '12/34', cvc = '123') => {
  fireEvent.change(screen.getByLabelText('Card number'), { target: { value: number } });
  fireEvent.change(screen.getByLabelText('Expiry'), { target: { value: expiry } });
  fireEvent.change(screen.getByLabelText('CVC'), { target: { value: cvc } });
};
const save = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save card' })));

describe('CardChangeView', () => {
  it('saves a sandbox card and names the new card, saying nothing was charged', async () => {
    const api = view().answer('changeCard', {
      status: 'saved',
      subscription: { ...active, paymentMethod: 'Mastercard ending in 4444' },
    });
    expect(screen.getByTestId('card-current').textContent).toBe('Current card: Visa ending in 4242');
    type('5555 5555 5555 4444');
    await save();
    const [id, request] = api.callsOf('changeCard')[0]!;
    expect(id).toBe('sub_aaaaaaaaaaaaaaaa');
    expect(request.card).toEqual({ kind: 'sandbox-card', number: '5555 5555 5555 4444', expiry: '12/34', cvc: '123' });
    expect(request.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.getByTestId('card-saved').textContent).toBe(
      'Saved. Vogue: Vogue Digital is now paid with Mastercard ending in 4444. Nothing was charged. We sent a confirmation to ada@example.com.',
    );
  });

  it('shows the fields’ problems and sends nothing while the card is not right', async () => {
    const api = view();
    type('4242 4242 4242 4241');
    await save();
    expect(api.callsOf('changeCard')).toEqual([]);
    expect(screen.getByText('This card number is not valid. Please check it.')).toBeTruthy();
  });

  it('says why a declined card was refused, and keeps the current card', async () => {
    view().answer('changeCard', {
      status: 'failed',
      code: 'generic_decline',
      message: "Your card was declined. Please use a different card or contact your bank. Your subscription's card was not changed.",
    });
    type('4000 0000 0000 0002');
    await save();
    expect(screen.getByRole('alert').textContent).toContain('Your card was declined.');
    expect(screen.getByTestId('card-current').textContent).toBe('Current card: Visa ending in 4242');
    expect(screen.queryByTestId('card-saved')).toBeNull();
  });

  it('shows the saving loader while the card is being saved', async () => {
    const api = view();
    const pending = api.defer('changeCard');
    type('4242 4242 4242 4242');
    await save();
    const button = screen.getByRole('button', { name: /Save card/ });
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByText('Saving…')).toBeTruthy();
    await act(async () => pending.resolve({ status: 'saved', subscription: active }));
    expect(button.getAttribute('aria-busy')).toBe('false');
  });

  it("leaves for the sandbox bank's page when the card asks for 3-D Secure, the form busy until it has gone", async () => {
    const assign = leaving();
    view().answer('changeCard', {
      status: 'requires_action',
      setupId: SETUP,
      action: { type: 'redirect', url: `/sandbox/authenticate/${SETUP}` },
    });
    type('4000 0025 0000 3155');
    await save();
    expect(assign).toHaveBeenCalledWith(`/sandbox/authenticate/${SETUP}`);
    expect(screen.getByRole('button', { name: /Save card/ }).getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
    // Restored from the back/forward cache (the visitor came back without answering): usable again.
    await act(async () => window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true })));
    expect(screen.getByRole('button', { name: 'Save card' }).getAttribute('aria-busy')).toBe('false');
  });

  it("back from the bank's page: confirms the setup once, takes it off the address, and names the new card", async () => {
    asPath = `/account/subscriptions/sub_aaaaaaaaaaaaaaaa/card?livemode=false&card_setup=${SETUP}`;
    const api = createFakeApiClient();
    const pending = api.defer('confirmCardChange');
    view(api, active, { gateway: 'sandbox' }, SETUP);
    // Busy from the first render: no second card can be sent meanwhile.
    expect(screen.getByRole('button', { name: /Save card/ }).getAttribute('aria-busy')).toBe('true');
    await act(async () => pending.resolve({ status: 'saved', subscription: { ...active, paymentMethod: 'Visa ending in 3155' } }));
    expect(api.callsOf('confirmCardChange')).toEqual([['sub_aaaaaaaaaaaaaaaa', SETUP]]);
    expect(replace).toHaveBeenCalledTimes(1);
    expect(replace).toHaveBeenCalledWith('/account/subscriptions/sub_aaaaaaaaaaaaaaaa/card?livemode=false', undefined, {
      shallow: true,
      scroll: false,
    });
    expect(screen.getByTestId('card-saved').textContent).toContain('is now paid with Visa ending in 3155. Nothing was charged.');
    expect(screen.getByRole('button', { name: 'Save card' }).getAttribute('aria-busy')).toBe('false');
  });

  it('back from a failed check: says why, keeps the current card, and another card is saved on the next try', async () => {
    asPath = `/account/subscriptions/sub_aaaaaaaaaaaaaaaa/card?livemode=false&card_setup=${SETUP}`;
    const api = createFakeApiClient()
      .answer('confirmCardChange', {
        status: 'failed',
        code: 'authentication_failed',
        message:
          "Your bank could not confirm this card. Please try again or use a different card. Your subscription's card was not changed.",
      })
      .answer('changeCard', { status: 'saved', subscription: { ...active, paymentMethod: 'Mastercard ending in 4444' } });
    await act(async () => view(api, active, { gateway: 'sandbox' }, SETUP));
    expect(screen.getByRole('alert').textContent).toContain('Your bank could not confirm this card.');
    expect(screen.getByTestId('card-current').textContent).toBe('Current card: Visa ending in 4242');
    type('5555 5555 5555 4444');
    await save();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('card-saved').textContent).toContain('Mastercard ending in 4444');
    expect(api.callsOf('confirmCardChange')).toHaveLength(1);
  });

  it('offers no form for a wallet subscription, one that ended, or where no card gateway takes cards', () => {
    view(createFakeApiClient(), { ...active, paymentChange: 'paypal', paymentMethod: 'PayPal' });
    expect(screen.queryByRole('button', { name: 'Save card' })).toBeNull();
    expect(screen.getByRole('alert').textContent).toMatch(/changed there, not here/);
  });

  describe('past due', () => {
    const recovered = { ...active, paymentMethod: 'Mastercard ending in 4444' };

    it('says the card saved is charged at once', () => {
      view(createFakeApiClient(), pastDue);
      expect(screen.getByTestId('card-past-due').textContent).toBe(
        'The last payment for Vogue: Vogue Digital did not go through. The card you save here is charged at once, and the subscription is active again.',
      );
      expect(screen.queryByText(/Nothing is charged now/)).toBeNull();
    });

    it('says the renewal was charged with the new card when the answer shows it active again', async () => {
      view(createFakeApiClient().answer('changeCard', { status: 'saved', subscription: recovered }), pastDue);
      type('5555 5555 5555 4444');
      await save();
      expect(screen.getByTestId('card-saved').textContent).toBe(
        'Saved. Vogue: Vogue Digital is now paid with Mastercard ending in 4444. We charged the renewal with it: your subscription is active again, and its receipt is in your e-mail. We sent a confirmation to ada@example.com.',
      );
    });

    it('says the new card’s charge did not go through, and why, when the answer is still past due', async () => {
      const stillDue = {
        ...pastDue,
        paymentMethod: 'Visa ending in 0341',
        facts: { ...pastDue.facts, pastDue: { ...pastDue.facts.pastDue!, failureCode: 'insufficient_funds' as const } },
      };
      view(createFakeApiClient().answer('changeCard', { status: 'saved', subscription: stillDue }), pastDue);
      type('4000 0000 0000 0341');
      await save();
      const saved = screen.getByTestId('card-saved').textContent;
      expect(saved).toContain('is now paid with Visa ending in 0341.');
      expect(saved).toContain('We tried to charge the renewal with it, but it did not go through: Your card has insufficient funds.');
      expect(saved).not.toContain('active again');
      expect(screen.getByTestId('card-past-due')).toBeTruthy();
    });

    it('says the renewal is charged within minutes when the answer could not charge it yet', async () => {
      const waiting = { ...pastDue, paymentMethod: 'Mastercard ending in 4444' };
      view(createFakeApiClient().answer('changeCard', { status: 'saved', subscription: waiting, renewalPending: true }), pastDue);
      type('5555 5555 5555 4444');
      await save();
      const saved = screen.getByTestId('card-saved').textContent;
      expect(saved).toBe(
        'Saved. Vogue: Vogue Digital is now paid with Mastercard ending in 4444. The renewal will be charged within a few minutes: your account will show whether it was paid. We sent a confirmation to ada@example.com.',
      );
      expect(saved).not.toMatch(/did not go through|active again/);
    });

    it('once active again, says a further card change charges nothing', async () => {
      view(
        createFakeApiClient()
          .answer('changeCard', { status: 'saved', subscription: recovered })
          .answer('changeCard', { status: 'saved', subscription: { ...active, paymentMethod: 'Visa ending in 4242' } }),
        pastDue,
      );
      type('5555 5555 5555 4444');
      await save();
      expect(screen.getByTestId('card-saved').textContent).toContain('We charged the renewal with it');
      // The page no longer promises a charge: the subscription is paid.
      expect(screen.queryByTestId('card-past-due')).toBeNull();
      type('4242 4242 4242 4242');
      await save();
      const saved = screen.getByTestId('card-saved').textContent;
      expect(saved).toContain('is now paid with Visa ending in 4242. Nothing was charged.');
      expect(saved).not.toContain('We charged the renewal');
    });
  });
});

describe('CardChangeView in German', () => {
  function viewInGerman(api = createFakeApiClient(), subscription = active) {
    const page = pageWordsFixture('de-DE');
    render(
      <I18nProvider page={page}>
        <ApiClientProvider client={api}>
          <CardChangeView
            email="ada@example.com"
            livemode
            brand={null}
            subscription={subscription}
            card={{ gateway: 'sandbox' }}
            returnedSetup={null}
            returnedFromRenewal={false}
            i18n={page}
          />
        </ApiClientProvider>
      </I18nProvider>,
    );
    return api;
  }
  const typeInGerman = (number: string) => {
    fireEvent.change(screen.getByLabelText('Kartennummer'), { target: { value: number } });
    fireEvent.change(screen.getByLabelText('Gültig bis'), { target: { value: '12/34' } });
    fireEvent.change(screen.getByLabelText('Prüfnummer (CVC)'), { target: { value: '123' } });
  };
  const saveInGerman = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Karte speichern' })));

  it('words the page, a decline by its code, and the saved card', async () => {
    const api = viewInGerman()
      .answer('changeCard', { status: 'failed', code: 'generic_decline', message: 'Your card was declined.' })
      .answer('changeCard', { status: 'saved', subscription: { ...active, paymentMethod: 'Mastercard ending in 4444' } });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Karte ändern');
    expect(screen.getByTestId('card-current').textContent).toBe('Aktuelle Karte: Visa ending in 4242');
    typeInGerman('4000 0000 0000 0002');
    await saveInGerman();
    expect(screen.getByRole('alert').textContent).toMatch(/^Ihre Karte wurde abgelehnt/);
    typeInGerman('5555 5555 5555 4444');
    await saveInGerman();
    expect(api.callsOf('changeCard')).toHaveLength(2);
    expect(screen.getByTestId('card-saved').textContent).toBe(
      'Gespeichert. Vogue: Vogue Digital wird jetzt mit Mastercard ending in 4444 bezahlt. Es wurde nichts abgebucht. Wir haben eine Bestätigung an ada@example.com gesendet.',
    );
    expect(screen.getByRole('link', { name: 'Zurück zu Ihren Abonnements' }).getAttribute('href')).toBe('/account?lang=de-DE');
  });

  it('says in German why the new card’s charge of a past-due renewal did not go through', async () => {
    const stillDue = {
      ...pastDue,
      facts: { ...pastDue.facts, pastDue: { ...pastDue.facts.pastDue!, failureCode: 'insufficient_funds' as const } },
    };
    viewInGerman(createFakeApiClient().answer('changeCard', { status: 'saved', subscription: stillDue }), pastDue);
    typeInGerman('4000 0000 0000 9995');
    await saveInGerman();
    expect(screen.getByTestId('card-saved').textContent).toContain(
      'aber die Zahlung ist nicht durchgegangen: Ihre Karte ist nicht ausreichend gedeckt. Wir haben eine Bestätigung',
    );
  });

  it('says a refusal by its code, never in the server’s English', async () => {
    const api = createFakeApiClient();
    api.fail('changeCard', new ApiError({ status: 404, code: 'setup_not_found', message: 'We could not find this card change.' }));
    viewInGerman(api);
    typeInGerman('4242 4242 4242 4242');
    await saveInGerman();
    expect(screen.getByRole('alert').textContent).toBe(
      'Wir konnten diese Kartenänderung nicht finden. Bitte geben Sie Ihre Karte erneut ein.',
    );
  });

  it('offers a held renewal’s confirmation in German', () => {
    viewInGerman(
      createFakeApiClient(),
      subscriptionSummaryFixture({
        status: 'past_due',
        paymentMethod: 'Visa ending in 3184',
        facts: {
          nextCharge: null,
          endsAt: null,
          periodEnd: '2026-11-26T10:00:00.000Z',
          pastDue: { failureCode: 'authentication_required', retryAt: null, dates: null },
        },
      }),
    );
    expect(screen.getByTestId('renewal-held').textContent).toContain(
      'Ihre Bank bittet Sie, die Verlängerungszahlung mit Visa ending in 3184 selbst zu bestätigen. Es wurde noch nichts abgebucht.',
    );
    expect(screen.getByRole('button', { name: 'Zahlung bestätigen' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Oder mit einer anderen Karte bezahlen' })).toBeTruthy();
  });
});
