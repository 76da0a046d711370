/**
 * What the sandbox gateway does with a card number: Stripe's published test cards
 * behave as they do in Stripe's test mode; any other number that passes the Luhn check
 * is approved. One number of our own (Stripe has none for it) makes the provider
 * unavailable, as when Stripe cannot be reached, so that the outage can be tried.
 */
export type DeclineCode = 'generic_decline' | 'insufficient_funds' | 'expired_card' | 'incorrect_cvc';

export type CardScenario =
  | { kind: 'approve' }
  | { kind: 'decline'; code: DeclineCode }
  | { kind: 'authenticate'; then: 'approve' | 'decline' }
  | { kind: 'provider_unavailable' };

/** The sandbox card that simulates a provider outage (no answer, 5xx): nothing is charged. */
export const PROVIDER_OUTAGE_CARD = '4000000000005035';

const TEST_CARDS: Readonly<Record<string, CardScenario>> = {
  '4242424242424242': { kind: 'approve' },
  '4000000000000002': { kind: 'decline', code: 'generic_decline' },
  '4000000000009995': { kind: 'decline', code: 'insufficient_funds' },
  '4000000000000069': { kind: 'decline', code: 'expired_card' },
  '4000000000000127': { kind: 'decline', code: 'incorrect_cvc' },
  '4000000000003220': { kind: 'authenticate', then: 'approve' },
  '4000002760003184': { kind: 'authenticate', then: 'approve' },
  // Stripe's card for a card kept for later (a SetupIntent) that wants 3-D Secure: the account's card change uses it.
  '4000002500003155': { kind: 'authenticate', then: 'approve' },
  '4000008400001629': { kind: 'authenticate', then: 'decline' },
  [PROVIDER_OUTAGE_CARD]: { kind: 'provider_unavailable' },
};

/** How the sandbox answers a saved card's off-session renewal charges. */
export type RenewalScenario = 'approve' | 'decline' | 'authenticate';

/**
 * Stripe's cards whose later, off-session charges differ from the first: 0341 pays today and
 * declines every renewal; 3184 asks the buyer to authenticate every off-session charge.
 */
const RENEWAL_SCENARIOS: Readonly<Record<string, RenewalScenario>> = {
  '4000000000000341': 'decline',
  '4000002760003184': 'authenticate',
};

export function renewalScenarioForCard(cardNumber: string): RenewalScenario {
  return RENEWAL_SCENARIOS[digitsOnly(cardNumber)] ?? 'approve';
}

export function digitsOnly(cardNumber: string): string {
  return cardNumber.replace(/[\s-]/g, '');
}

export function scenarioForCard(cardNumber: string): CardScenario {
  return TEST_CARDS[digitsOnly(cardNumber)] ?? { kind: 'approve' };
}

/** The Luhn checksum every card number carries. */
export function luhnValid(cardNumber: string): boolean {
  const digits = digitsOnly(cardNumber);
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export const CARD_BRANDS = ['visa', 'mastercard', 'amex', 'discover', 'unknown'] as const;

export type CardBrand = (typeof CARD_BRANDS)[number];

export function cardBrand(cardNumber: string): CardBrand {
  const digits = digitsOnly(cardNumber);
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^6(011|5)/.test(digits)) return 'discover';
  return 'unknown';
}
