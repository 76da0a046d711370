/** The part of Amazon Pay's checkout.js this page uses (Amazon ships no types). */
export interface AmazonPayButton {
  onClick(handler: () => void): void;
  initCheckout(config: {
    createCheckoutSessionConfig: { payloadJSON: string; signature: string; publicKeyId: string; algorithm: string };
  }): void;
}

export interface AmazonPaySdk {
  Pay: {
    renderButton(
      selector: string,
      options: {
        merchantId: string;
        publicKeyId: string;
        ledgerCurrency: string;
        checkoutLanguage: string;
        productType: 'PayOnly';
        placement: 'Checkout';
        buttonColor: 'Gold';
        sandbox: boolean;
      },
    ): AmazonPayButton;
  };
}

export const amazonPaySdk = (): AmazonPaySdk | undefined => (window as Window & { amazon?: AmazonPaySdk }).amazon;
