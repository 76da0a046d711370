// @vitest-environment jsdom
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import type { PaymentMethodHandle } from '@/components/payment-methods/types';
import type { PaymentState } from '@/lib/payments/paymentMachine';
import { deferred } from '@/lib/payments/deferred';
import { WALLET_CANCELLED } from '@/lib/payments/paypal/walletApproval';
import { I18nProvider } from '@/components/shell/I18n';
import { pageWordsFixture } from '@/tests/fixtures/pageWords';

/** PayPal's SDK cannot load here: a stand-in with the buttons' contract, driven by the test. */
const sdk = vi.hoisted(() => ({
  scriptState: { isPending: false, isRejected: false },
  options: null as Record<string, unknown> | null,
  buttons: null as Record<string, (...args: unknown[]) => unknown> | null,
}));
vi.mock('@paypal/react-paypal-js', () => ({
  PayPalScriptProvider: ({ options, children }: { options: Record<string, unknown>; children: React.ReactNode }) => {
    sdk.options = options;
    return <>{children}</>;
  },
  usePayPalScriptReducer: () => [sdk.scriptState],
  PayPalButtons: (props: Record<string, (...args: unknown[]) => unknown>) => {
    sdk.buttons = props;
    return <button type="button">PayPal</button>;
  },
}));

const { default: PayPalButtonsPanel } = await import('./PayPalButtonsPanel');

const CONFIG = { gateway: 'paypal', clientId: 'AbCdEfGhIjKlMnOpTest', environment: 'sandbox' } as const;
const clickActions = () => ({ resolve: vi.fn(async () => undefined), reject: vi.fn(async () => undefined) });

function renderPanel(pay: () => Promise<PaymentState> | null, renews = true) {
  const handleRef = createRef<PaymentMethodHandle | null>();
  render(
    <PayPalButtonsPanel
      config={CONFIG}
      handleRef={handleRef}
      showErrors={false}
      pay={pay}
      payLabel="Subscribe for $25.00"
      order={{ currencyCode: 'USD', renews }}
    />,
  );
  return handleRef;
}

afterEach(() => {
  cleanup();
  sdk.scriptState = { isPending: false, isRejected: false };
});

describe('PayPalButtonsPanel', () => {
  it("loads PayPal's script for a subscription in the order's currency, with this mode's client id", () => {
    renderPanel(() => null);
    expect(sdk.options).toEqual({
      clientId: 'AbCdEfGhIjKlMnOpTest',
      currency: 'USD',
      components: 'buttons',
      intent: 'subscription',
      vault: true,
      locale: 'en_US',
    });
    expect(sdk.buttons).toHaveProperty('createSubscription');
    cleanup();
    renderPanel(() => null, false);
    expect(sdk.options).toMatchObject({ intent: 'capture' });
    expect(sdk.buttons).toHaveProperty('createOrder');
  });

  it('does not open PayPal while the form is not ready', async () => {
    renderPanel(() => null);
    const actions = clickActions();
    await act(async () => void (await sdk.buttons!.onClick!({}, actions)));
    expect(actions.reject).toHaveBeenCalled();
    expect(actions.resolve).not.toHaveBeenCalled();
  });

  it('opens PayPal on the click, gives it the subscription the submit made, and answers the approval', async () => {
    const run = deferred<PaymentState>();
    const handle = renderPanel(() => run.promise);
    const actions = clickActions();
    await act(async () => void (await sdk.buttons!.onClick!({}, actions)));
    expect(actions.resolve).toHaveBeenCalled();
    const subscription = sdk.buttons!.createSubscription!({}, {}) as Promise<string>;
    const { payment } = (await handle.current!.prepare({} as never, {} as never)) as { payment: unknown };
    expect(payment).toEqual({ kind: 'paypal' });
    const outcome = handle.current!.handleAction({ type: 'paypal_approval', flow: 'subscription', subscriptionId: 'I-BW452GLLEP1G' });
    await expect(subscription).resolves.toBe('I-BW452GLLEP1G');
    await sdk.buttons!.onApprove!({}, {});
    await expect(outcome).resolves.toEqual({});
  });

  it('a closed PayPal window comes back as a message', async () => {
    const handle = renderPanel(() => deferred<PaymentState>().promise);
    await act(async () => void (await sdk.buttons!.onClick!({}, clickActions())));
    const outcome = handle.current!.handleAction({ type: 'paypal_approval', flow: 'subscription', subscriptionId: 'I-1' });
    sdk.buttons!.onCancel!({}, {});
    await expect(outcome).resolves.toEqual({ error: WALLET_CANCELLED });
  });

  it('says so while PayPal loads, when it cannot load, and when this mode has no client id', () => {
    sdk.scriptState = { isPending: true, isRejected: false };
    renderPanel(() => null);
    expect(screen.getByRole('status').textContent).toContain('Loading PayPal');
    cleanup();
    sdk.scriptState = { isPending: false, isRejected: true };
    renderPanel(() => null);
    expect(screen.getByRole('alert').textContent).toContain('PayPal could not load');
    cleanup();
    render(
      <PayPalButtonsPanel
        config={{ ...CONFIG, clientId: '' }}
        handleRef={createRef()}
        showErrors={false}
        pay={() => null}
        payLabel="x"
        order={{ currencyCode: 'USD', renews: true }}
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain('not available in this mode');
  });
});

describe('PayPalButtonsPanel on a German page', () => {
  it('opens PayPal in German and says in German what keeps it from loading', () => {
    const panel = (clientId: string) => (
      <I18nProvider page={pageWordsFixture('de-DE')}>
        <PayPalButtonsPanel
          config={{ ...CONFIG, clientId }}
          handleRef={createRef()}
          showErrors={false}
          pay={() => null}
          payLabel="Jetzt abonnieren"
          order={{ currencyCode: 'EUR', renews: true }}
        />
      </I18nProvider>
    );
    render(panel(CONFIG.clientId));
    expect(sdk.options).toMatchObject({ currency: 'EUR', locale: 'de_DE' });
    cleanup();
    sdk.scriptState = { isPending: false, isRejected: true };
    render(panel(CONFIG.clientId));
    expect(screen.getByRole('alert').textContent).toBe(
      'PayPal konnte nicht geladen werden. Bitte prüfen Sie Ihre Verbindung, laden Sie die Seite neu oder wählen Sie eine andere Zahlungsart.',
    );
    cleanup();
    render(panel(''));
    expect(screen.getByRole('alert').textContent).toBe(
      'PayPal ist in diesem Modus derzeit nicht verfügbar. Bitte wählen Sie eine andere Zahlungsart.',
    );
  });
});
