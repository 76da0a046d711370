// @vitest-environment jsdom
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import type { PaymentMethodHandle } from '@/components/payment-methods/types';
import type { AmazonPaySdk } from './amazonPaySdk';
import AmazonPayButtonPanel from './AmazonPayButtonPanel';
import { I18nProvider } from '@/components/shell/I18n';
import { pageWordsFixture } from '@/tests/fixtures/pageWords';

const CONFIG = {
  gateway: 'amazon-pay',
  merchantId: 'A2MERCHANT0001',
  publicKeyId: 'SANDBOX-AHKEY0001',
  storeId: 'amzn1.application-oa2-client.x',
  sandbox: true,
  region: 'na',
} as const;
const SCRIPT = 'https://static-na.payments-amazon.com/checkout.js';

/** checkout.js cannot load here: a stand-in amazon.Pay that records what the page asks of it. */
function fakeAmazon() {
  const clicks: (() => void)[] = [];
  const button = { onClick: vi.fn((handler: () => void) => void clicks.push(handler)), initCheckout: vi.fn() };
  const sdk: AmazonPaySdk = { Pay: { renderButton: vi.fn(() => button) } };
  (window as Window & { amazon?: AmazonPaySdk }).amazon = sdk;
  return { sdk, button, click: () => clicks.forEach((handler) => handler()) };
}

function renderPanel(pay = vi.fn(() => null)) {
  const handleRef = createRef<PaymentMethodHandle | null>();
  render(
    <AmazonPayButtonPanel
      config={CONFIG}
      handleRef={handleRef}
      showErrors={false}
      pay={pay}
      payLabel="Subscribe for $25.00"
      order={{ currencyCode: 'USD', renews: true }}
    />,
  );
  return handleRef;
}

const script = () => [...document.scripts].find((element) => element.src === SCRIPT)!;

afterEach(() => {
  cleanup();
  document.head.innerHTML = '';
  delete (window as Window & { amazon?: AmazonPaySdk }).amazon;
});

describe('AmazonPayButtonPanel', () => {
  it("loads the region's checkout.js, then renders Amazon's button with this mode's public ids", async () => {
    renderPanel();
    expect(screen.getByRole('status').textContent).toContain('Loading Amazon Pay');
    const amazon = fakeAmazon();
    await act(async () => void script().dispatchEvent(new Event('load')));
    expect(amazon.sdk.Pay.renderButton).toHaveBeenCalledWith(expect.stringMatching(/^#amazon-pay-button-/), {
      merchantId: 'A2MERCHANT0001',
      publicKeyId: 'SANDBOX-AHKEY0001',
      ledgerCurrency: 'USD',
      checkoutLanguage: 'en_US',
      productType: 'PayOnly',
      placement: 'Checkout',
      buttonColor: 'Gold',
      sandbox: true,
    });
    expect(screen.queryByRole('status')).toBeNull();
  });

  it("a click runs the step's payment; its signed session config goes to Amazon unchanged", async () => {
    const pay = vi.fn(() => null);
    const handle = renderPanel(pay);
    const amazon = fakeAmazon();
    await act(async () => void script().dispatchEvent(new Event('load')));
    amazon.click();
    expect(pay).toHaveBeenCalledTimes(1);
    expect(await handle.current!.prepare({} as never, {} as never)).toEqual({ payment: { kind: 'amazon-pay' } });
    const payloadJSON =
      '{"storeId":"amzn1.application-oa2-client.x","webCheckoutDetails":{"checkoutReviewReturnUrl":"https://s.example.com/r"}}';
    void handle.current!.handleAction({
      type: 'amazon_pay_checkout',
      payloadJSON,
      signature: 'c2lnbmVk',
      publicKeyId: 'SANDBOX-AHKEY0001',
      algorithm: 'AMZN-PAY-RSASSA-PSS-V2',
    });
    expect(amazon.button.initCheckout).toHaveBeenCalledWith({
      createCheckoutSessionConfig: {
        payloadJSON,
        signature: 'c2lnbmVk',
        publicKeyId: 'SANDBOX-AHKEY0001',
        algorithm: 'AMZN-PAY-RSASSA-PSS-V2',
      },
    });
  });

  it('says so when checkout.js cannot load, and refuses to pay before the button is there', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const handle = renderPanel();
    expect(await handle.current!.prepare({} as never, {} as never)).toEqual({
      error: 'Amazon Pay is still loading. Please wait a moment and try again.',
    });
    await act(async () => void script().dispatchEvent(new Event('error')));
    expect(screen.getByRole('alert').textContent).toContain('Amazon Pay could not load');
  });
});

describe('AmazonPayButtonPanel on a German page', () => {
  it("renders Amazon's checkout in German for a European merchant, and says in German when it is still loading", async () => {
    const handleRef = createRef<PaymentMethodHandle | null>();
    render(
      <I18nProvider page={pageWordsFixture('de-DE')}>
        <AmazonPayButtonPanel
          config={{ ...CONFIG, region: 'eu' }}
          handleRef={handleRef}
          showErrors={false}
          pay={vi.fn(() => null)}
          payLabel="Jetzt abonnieren"
          order={{ currencyCode: 'EUR', renews: true }}
        />
      </I18nProvider>,
    );
    expect(screen.getByRole('status').textContent).toContain('Amazon Pay wird geladen…');
    await expect(handleRef.current!.prepare({} as never, {} as never)).resolves.toEqual({
      error: 'Amazon Pay wird noch geladen. Bitte warten Sie einen Moment und versuchen Sie es erneut.',
    });
    const amazon = fakeAmazon();
    const european = [...document.scripts].find((element) => element.src === 'https://static-eu.payments-amazon.com/checkout.js')!;
    await act(async () => void european.dispatchEvent(new Event('load')));
    expect(amazon.sdk.Pay.renderButton).toHaveBeenCalledWith(
      expect.any(String),
      expect.objectContaining({ ledgerCurrency: 'EUR', checkoutLanguage: 'de_DE' }),
    );
  });
});
