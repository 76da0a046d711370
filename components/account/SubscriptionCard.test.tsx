// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { SubscriptionSummary } from '@/lib/account/accountView';
import { ApiError } from '@/lib/api/apiErrors';
import { ApiClientProvider } from '@/components/shell/ApiClientProvider';
import { I18nProvider } from '@/components/shell/I18n';
import { createFakeApiClient } from '@/tests/fixtures/fakeApiClient';
import { pageWordsFixture } from '@/tests/fixtures/pageWords';
import { subscriptionSummaryFixture } from '@/tests/fixtures/subscriptionSummary';
import { SubscriptionCard } from './SubscriptionCard';

const card = subscriptionSummaryFixture();

const view = (subscription: SubscriptionSummary, api = createFakeApiClient()) =>
  render(
    <ApiClientProvider client={api}>
      <SubscriptionCard subscription={subscription} livemodeQuery="?livemode=false" />
    </ApiClientProvider>,
  );

describe('SubscriptionCard', () => {
  it('links a card subscription to its card change, in its mode', () => {
    view(card);
    expect(screen.getByRole('link', { name: 'Change card' }).getAttribute('href')).toBe(
      '/account/subscriptions/sub_aaaaaaaaaaaaaaaa/card?livemode=false',
    );
  });

  it('links a subscription that can be withdrawn from to its withdraw page, in its mode', () => {
    view({ ...card, canWithdraw: true });
    expect(screen.getByRole('link', { name: 'Withdraw from contract' }).getAttribute('href')).toBe(
      '/account/subscriptions/sub_aaaaaaaaaaaaaaaa/withdraw?livemode=false',
    );
  });

  it('lists its history, oldest first, and no History where it has none', () => {
    const { unmount } = view({
      ...card,
      history: [
        { at: '2026-11-26T10:00:00.000Z', event: { kind: 'purchased' } },
        { at: '2026-12-02T10:00:00.000Z', event: { kind: 'cancelled' } },
      ],
    });
    const history = screen.getByRole('region', { name: 'History' });
    expect([...history.querySelectorAll('li')].map((line) => line.textContent)).toEqual([
      'November 26, 2026: Subscribed',
      'December 2, 2026: Cancellation requested: it stops at the end of the period you paid for',
    ]);
    unmount();
    view({ ...card, history: [] });
    expect(screen.queryByRole('region', { name: 'History' })).toBeNull();
  });

  it('shows no withdraw link where the purchase cannot be withdrawn from', () => {
    view(card);
    expect(screen.queryByRole('link', { name: 'Withdraw from contract' })).toBeNull();
  });

  it('links the warning of one without a reusable card to the same page', () => {
    view({ ...card, needsPaymentMethod: true });
    expect(screen.getByRole('link', { name: 'Please add a card' }).getAttribute('href')).toBe(
      '/account/subscriptions/sub_aaaaaaaaaaaaaaaa/card?livemode=false',
    );
  });

  it('says what was refunded of an invoice, beside its link', () => {
    view({
      ...card,
      invoices: [
        {
          transactionId: 'txn_1',
          number: 'INV-TEST-2026-000001',
          issuedAt: '2026-11-26T10:00:00.000Z',
          total: 2500,
          currencyCode: 'USD',
          refunded: 1000,
        },
        { transactionId: 'txn_2', number: 'INV-TEST-2026-000002', issuedAt: '2026-11-27T10:00:00.000Z', total: 2500, currencyCode: 'USD' },
      ],
    });
    const [refunded, kept] = screen.getAllByRole('listitem').filter((item) => /INV-TEST/.test(item.textContent ?? ''));
    expect(refunded!.textContent).toBe('INV-TEST-2026-000001, November 26, 2026, $25.00 Refunded $10.00');
    expect(kept!.textContent).toBe('INV-TEST-2026-000002, November 27, 2026, $25.00');
  });

  it('offers no card change for a wallet subscription or one that ended', () => {
    view({ ...card, paymentChange: 'paypal', paymentMethod: 'PayPal' });
    expect(screen.queryByRole('link', { name: 'Change card' })).toBeNull();
    expect(screen.getByText(/change the payment method in your PayPal account/)).toBeTruthy();
  });

  it('sends a past-due card subscription to the card page, with our dates', () => {
    view({
      ...card,
      status: 'past_due',
      facts: {
        nextCharge: null,
        endsAt: null,
        periodEnd: '2027-11-26T10:00:00.000Z',
        pastDue: {
          failureCode: 'generic_decline',
          retryAt: '2027-11-22T10:00:00.000Z',
          dates: { accessUntil: '2027-12-05T10:00:00.000Z', endsOn: '2027-12-05T10:00:00.000Z' },
        },
      },
    });
    const block = screen.getByTestId('subscription-past-due');
    expect(block.textContent).toContain('We will try again on November 22, 2027. You keep access until December 5, 2027;');
    expect(screen.getByRole('link', { name: 'Update your card' })).toBeTruthy();
  });

  it('asks a past-due card renewal the bank holds to be confirmed first, on the card page', () => {
    view({
      ...card,
      status: 'past_due',
      facts: {
        nextCharge: null,
        endsAt: null,
        periodEnd: '2027-11-26T10:00:00.000Z',
        pastDue: {
          failureCode: 'authentication_required',
          retryAt: null,
          dates: { accessUntil: '2027-12-05T10:00:00.000Z', endsOn: '2027-12-05T10:00:00.000Z' },
        },
      },
    });
    expect(screen.getByTestId('subscription-past-due').textContent).toContain(
      'Your bank asks you to confirm the payment yourself. Confirm it with your bank, or give another card. You keep access until December 5, 2027;',
    );
    expect(screen.getByRole('link', { name: 'Confirm the payment' }).getAttribute('href')).toBe(
      '/account/subscriptions/sub_aaaaaaaaaaaaaaaa/card?livemode=false',
    );
  });

  it('sends a past-due PayPal subscription to PayPal, without dates PayPal decides', () => {
    view({
      ...card,
      status: 'past_due',
      paymentChange: 'paypal',
      paymentMethod: 'PayPal',
      facts: {
        nextCharge: null,
        endsAt: null,
        periodEnd: '2027-11-26T10:00:00.000Z',
        pastDue: { failureCode: 'wallet_declined', retryAt: null, dates: null },
      },
    });
    const block = screen.getByTestId('subscription-past-due');
    expect(block.textContent).not.toContain('You keep access until');
    expect(screen.getByRole('link', { name: 'Go to your PayPal account' }).getAttribute('href')).toBe(
      'https://www.sandbox.paypal.com/myaccount/autopay/',
    );
    expect(screen.queryByRole('link', { name: 'Update your card' })).toBeNull();
  });

  it.each([
    ['Active', {}],
    ['Free trial', { status: 'trialing', statusText: 'Free trial', trialEndsOn: '2026-12-05T10:00:00.000Z' }],
    [
      'Cancelled',
      {
        status: 'cancelling',
        statusText: 'Cancelled',
        nextCharge: null,
        endsAt: 'November 26, 2027 at 10:00 UTC',
        canCancel: false,
        canResume: true,
        facts: { nextCharge: null, endsAt: '2027-11-26T10:00:00.000Z', periodEnd: '2027-11-26T10:00:00.000Z', pastDue: null },
      },
    ],
    [
      'Ended',
      {
        status: 'ended',
        statusText: 'Ended',
        nextCharge: null,
        endsAt: 'November 21, 2026 at 10:05 UTC',
        canCancel: false,
        facts: { nextCharge: null, endsAt: '2026-11-21T10:05:00.000Z', periodEnd: '2027-11-26T10:00:00.000Z', pastDue: null },
      },
    ],
  ] as const)('says %s once on the card', (status, overrides) => {
    view({ ...card, ...overrides });
    expect(screen.getByTestId('subscription-status').textContent).toBe(status);
    expect(screen.getByTestId('subscription').textContent!.split(status).length - 1).toBe(1);
  });

  it('puts the main action above the invoices and the test clock', () => {
    view({
      ...card,
      invoices: [
        { transactionId: 'txn_1', number: 'INV-TEST-2026-000001', issuedAt: '2026-11-26T10:00:00.000Z', total: 2500, currencyCode: 'USD' },
      ],
      testClock: { today: '2026-11-21T10:00:00.000Z' },
    });
    const cancel = screen.getByRole('link', { name: 'Cancel subscription' });
    const after = (later: Element) => Boolean(cancel.compareDocumentPosition(later) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(after(screen.getByRole('region', { name: 'Invoices' }))).toBe(true);
    expect(after(screen.getByRole('region', { name: 'Test clock' }))).toBe(true);
  });

  it('describes itself by plan, start date and payment method', () => {
    view(card);
    expect(screen.getByRole('article', { name: /^Vogue: Vogue Digital/ }).getAttribute('aria-describedby')).toBe(
      screen.getByTestId('subscription-line').id,
    );
    expect(screen.getByTestId('subscription-line').textContent).toBe('Vogue Digital · since November 26, 2026 · Visa ending in 4242');
  });

  describe('test clock', () => {
    it('is shown only where the server lets the clock move', () => {
      const { unmount } = view(card);
      expect(screen.queryByRole('region', { name: 'Test clock' })).toBeNull();
      unmount();
      view({ ...card, testClock: { today: '2026-11-21T10:00:00.000Z' } });
      expect(screen.getByRole('region', { name: 'Test clock' })).toBeTruthy();
      expect(screen.getByTestId('test-clock-today').textContent).toBe('November 21, 2026');
    });

    it('shows the subscription as the moved clock left it', async () => {
      const renewed = subscriptionSummaryFixture({
        invoices: [
          {
            transactionId: 'txn_r_1',
            number: 'INV-TEST-2027-000001',
            issuedAt: '2027-11-26T10:00:00.000Z',
            total: 5000,
            currencyCode: 'USD',
          },
        ],
        testClock: { today: '2027-11-26T10:00:00.000Z' },
        facts: {
          nextCharge: { at: '2028-11-26T10:00:00.000Z', amount: 5000, currencyCode: 'USD', tax: 'added' },
          endsAt: null,
          periodEnd: '2027-11-26T10:00:00.000Z',
          pastDue: null,
        },
      });
      const api = createFakeApiClient().answer('moveTestClock', { subscription: renewed });
      view({ ...card, testClock: { today: '2026-11-21T10:00:00.000Z' } }, api);
      await act(async () => fireEvent.click(screen.getByRole('button', { name: /Move to the next renewal/ })));
      expect(screen.getByTestId('subscription-next-charge').textContent).toBe('November 26, 2028, $50.00 plus any applicable tax');
      expect(screen.getByRole('link', { name: /INV-TEST-2027-000001/ })).toBeTruthy();
      expect(screen.getByTestId('test-clock-today').textContent).toBe('November 26, 2027');
    });
  });

  describe('in the account’s list', () => {
    const cancelled = subscriptionSummaryFixture({ status: 'cancelling', canCancel: false, canResume: true });

    it('tells the list of each change made here, and shows the change itself', async () => {
      const onChange = vi.fn();
      const api = createFakeApiClient().answer('resumeSubscription', { subscription: card });
      render(
        <ApiClientProvider client={api}>
          <SubscriptionCard subscription={cancelled} livemodeQuery="" onChange={onChange} />
        </ApiClientProvider>,
      );
      await act(async () => fireEvent.click(screen.getByRole('button', { name: /Resume subscription/ })));
      expect(onChange).toHaveBeenCalledWith(card);
      expect(screen.getByTestId('subscription-status').textContent).toBe('Active');
    });

    it('says why it is where it is after a move, and its heading can take the focus', () => {
      render(
        <ApiClientProvider client={createFakeApiClient()}>
          <SubscriptionCard subscription={card} livemodeQuery="" movedNote="Moved up here: it runs again." />
        </ApiClientProvider>,
      );
      expect(screen.getByTestId('subscription-moved-note').textContent).toBe('Moved up here: it runs again.');
      expect(screen.getByRole('heading', { level: 2 }).getAttribute('tabindex')).toBe('-1');
    });

    it('shows a new answer from the server in place of what changed here', async () => {
      const api = createFakeApiClient().answer('resumeSubscription', { subscription: card });
      const { rerender } = render(
        <ApiClientProvider client={api}>
          <SubscriptionCard subscription={cancelled} livemodeQuery="" />
        </ApiClientProvider>,
      );
      await act(async () => fireEvent.click(screen.getByRole('button', { name: /Resume subscription/ })));
      const ended = subscriptionSummaryFixture({ status: 'ended', canCancel: false });
      rerender(
        <ApiClientProvider client={api}>
          <SubscriptionCard subscription={ended} livemodeQuery="" />
        </ApiClientProvider>,
      );
      expect(screen.getByTestId('subscription-status').textContent).toBe('Ended');
    });
  });

  describe('in the reader’s language', () => {
    /** A Berlin reader's card of GQ's German campaign: euros, VAT in the price. */
    const german = subscriptionSummaryFixture({
      brandName: 'GQ',
      offerName: 'GQ Digital',
      // Worded by the server in the subscription's locale (lib/checkout/paymentMethodName.ts).
      paymentMethod: 'Visa mit Endziffern 4242',
      canWithdraw: true,
      facts: {
        nextCharge: { at: '2027-11-26T10:00:00.000Z', amount: 5000, currencyCode: 'EUR', tax: 'included' },
        endsAt: null,
        periodEnd: '2027-11-26T10:00:00.000Z',
        pastDue: null,
      },
      invoices: [
        {
          transactionId: 'txn_1',
          number: 'INV-TEST-2026-000001',
          issuedAt: '2026-11-26T10:00:00.000Z',
          total: 2500,
          currencyCode: 'EUR',
          refunded: 1000,
        },
      ],
      history: [
        { at: '2026-11-26T10:00:00.000Z', event: { kind: 'purchased' } },
        {
          at: '2026-12-01T10:00:00.000Z',
          event: { kind: 'newPrice', amount: 6000, currencyCode: 'EUR', from: '2027-11-26T10:00:00.000Z' },
        },
      ],
      testClock: { today: '2026-11-30T23:30:00.000Z' },
    });
    const inLocale = (locale: string, subscription: SubscriptionSummary, api = createFakeApiClient()) =>
      render(
        <I18nProvider page={{ ...pageWordsFixture(locale), timeZone: 'Europe/Berlin' }}>
          <ApiClientProvider client={api}>
            <SubscriptionCard subscription={subscription} livemodeQuery="" />
          </ApiClientProvider>
        </I18nProvider>,
      );

    it('says the card in German: dates on the reader’s clock, euros, the renewal with its VAT, the History, the test clock', () => {
      inLocale('de-DE', german);
      expect(screen.getByTestId('subscription-status').textContent).toBe('Aktiv');
      expect(screen.getByTestId('subscription-line').textContent).toBe('GQ Digital · seit 26. November 2026 · Visa mit Endziffern 4242');
      expect(screen.getByTestId('subscription-next-charge').textContent).toBe('26. November 2027, 50,00\u00a0€ (inkl. MwSt.)');
      expect(screen.getByText('Nächste Verlängerung')).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Vertrag hier widerrufen' })).toBeTruthy();
      // § 312k BGB: the button that leads to the cancellation says so in the statute's words.
      expect(screen.getByRole('link', { name: 'Verträge hier kündigen' })).toBeTruthy();
      const invoice = screen.getAllByRole('listitem').find((item) => /INV-TEST/.test(item.textContent ?? ''))!;
      expect(invoice.textContent).toBe('INV-TEST-2026-000001, 26. November 2026, 25,00\u00a0€ 10,00\u00a0€ erstattet');
      const history = screen.getByRole('region', { name: 'Verlauf' });
      expect([...history.querySelectorAll('li')].map((line) => line.textContent)).toEqual([
        '26. November 2026: Abonnement abgeschlossen',
        '1. Dezember 2026: Neuer Verlängerungspreis von 60,00\u00a0€ ab 26. November 2027',
      ]);
      // 23:30 UTC is already the next day in Berlin.
      expect(screen.getByRole('region', { name: 'Testuhr' }).textContent).toContain('Datum dieses Testabonnements: 1. Dezember 2026.');
      expect(screen.getByRole('button', { name: 'Zur nächsten Verlängerung vorstellen' })).toBeTruthy();
    });

    it('says an ended one’s end to the minute on the reader’s clock, in French', () => {
      inLocale('fr-FR', {
        ...german,
        status: 'ended',
        canCancel: false,
        canWithdraw: false,
        testClock: null,
        facts: { nextCharge: null, endsAt: '2026-11-21T10:05:00.000Z', periodEnd: '2027-11-26T10:00:00.000Z', pastDue: null },
      });
      expect(screen.getByTestId('subscription-status').textContent).toBe('Terminé');
      expect(screen.getByTestId('subscription-ends').textContent).toBe('21 novembre 2026 à 11:05 UTC+1');
      expect(screen.getByText('Accès jusqu’au')).toBeTruthy();
    });

    it('says a past-due card renewal in German with the one wording of payment failures, and sends it to the card page', () => {
      inLocale('de-DE', {
        ...german,
        status: 'past_due',
        facts: {
          nextCharge: null,
          endsAt: null,
          periodEnd: '2027-11-26T10:00:00.000Z',
          pastDue: {
            failureCode: 'insufficient_funds',
            retryAt: '2027-11-29T10:00:00.000Z',
            dates: { accessUntil: '2027-12-10T10:00:00.000Z', endsOn: '2027-12-10T10:00:00.000Z' },
          },
        },
      });
      const block = screen.getByTestId('subscription-past-due');
      expect(block.textContent).toContain('Ihre letzte Zahlung ist nicht durchgegangen.');
      expect(block.textContent).toContain(
        'Ihre Karte ist nicht ausreichend gedeckt. Wir versuchen es am 29. November 2027 erneut. Sie behalten den Zugang bis 10. Dezember 2027;',
      );
      expect(screen.getByRole('link', { name: 'Aktualisieren Sie Ihre Karte' }).getAttribute('href')).toBe(
        '/account/subscriptions/sub_aaaaaaaaaaaaaaaa/card',
      );
    });

    it('says a PayPal subscription’s words in French, with the link to PayPal', () => {
      inLocale('fr-FR', {
        ...german,
        paymentChange: 'paypal',
        paymentMethod: 'PayPal',
        status: 'past_due',
        facts: {
          nextCharge: null,
          endsAt: null,
          periodEnd: '2027-11-26T10:00:00.000Z',
          pastDue: { failureCode: 'wallet_declined', retryAt: null, dates: null },
        },
      });
      const block = screen.getByTestId('subscription-past-due');
      expect(block.textContent).toContain('PayPal n’a pas pu encaisser le paiement. PayPal réessaiera dans les prochains jours.');
      expect(screen.getByRole('link', { name: 'Aller à votre compte PayPal' }).getAttribute('href')).toBe(
        'https://www.sandbox.paypal.com/myaccount/autopay/',
      );
    });

    it('words a refused resume by its code in German, never the server’s English', async () => {
      const api = createFakeApiClient().fail(
        'resumeSubscription',
        new ApiError({ status: 409, code: 'subscription_ended', message: 'This subscription has ended and cannot be resumed.' }),
      );
      inLocale('de-DE', { ...german, status: 'cancelling', canCancel: false, canResume: true }, api);
      await act(async () => fireEvent.click(screen.getByRole('button', { name: /Abonnement fortsetzen/ })));
      expect(screen.getByRole('alert').textContent).toBe(
        'Dieses Abonnement ist beendet und kann nicht fortgesetzt werden. Sie können es auf der Angebotsseite neu abschließen.',
      );
    });
  });
});
