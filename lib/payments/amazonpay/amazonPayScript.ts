/** Amazon Pay's checkout.js per region (Amazon's documented "Add the Amazon Pay script" URLs). */
export const AMAZON_PAY_CHECKOUT_JS = {
  na: 'https://static-na.payments-amazon.com/checkout.js',
  eu: 'https://static-eu.payments-amazon.com/checkout.js',
  jp: 'https://static-fe.payments-amazon.com/checkout.js',
} as const satisfies Record<'na' | 'eu' | 'jp', string>;
