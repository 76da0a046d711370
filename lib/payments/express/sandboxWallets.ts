import type { ExpressWalletId } from './expressWallets';
import { isPostalCodeOf, postalCodeRule } from '@/lib/geo/postalCodes';

/** A wallet's stored contact: what it hands the checkout in place of the billing form. */
export interface WalletContact {
  firstName: string;
  lastName: string;
  email: string;
  line1: string;
  city: string;
  postalCode: string;
}

/** A card a sandbox wallet holds: a sandbox test card (lib/payments/sandbox/testCards.ts) and how the sheet shows it. */
export interface WalletCard {
  label: string;
  number: string;
  expiry: string;
  cvc: string;
}

/**
 * The cards every sandbox wallet offers, so that QA can pay, be declined, and renew or fail
 * a renewal through a wallet as through the card form.
 */
export const SANDBOX_WALLET_CARDS: readonly WalletCard[] = [
  { label: 'Visa •••• 4242', number: '4242424242424242', expiry: '12/34', cvc: '123' },
  { label: 'Mastercard •••• 4444', number: '5555555555554444', expiry: '12/34', cvc: '123' },
  { label: 'Visa •••• 0341 (renewals decline)', number: '4000000000000341', expiry: '12/34', cvc: '123' },
  { label: 'Visa •••• 0002 (declined)', number: '4000000000000002', expiry: '12/34', cvc: '123' },
];

/** Each sandbox wallet's stored contacts: made-up people, the first chosen unless the buyer picks another. */
export const SANDBOX_WALLET_CONTACTS: Readonly<Record<ExpressWalletId, readonly WalletContact[]>> = {
  'apple-pay': [
    {
      firstName: 'Ada',
      lastName: 'Apple',
      email: 'ada.apple@example.com',
      line1: '1 Orchard Road',
      city: 'Springfield',
      postalCode: '12345',
    },
    {
      firstName: 'Alan',
      lastName: 'Apple',
      email: 'alan.apple@example.com',
      line1: '2 Orchard Road',
      city: 'Springfield',
      postalCode: '12345',
    },
  ],
  'google-pay': [
    {
      firstName: 'Grace',
      lastName: 'Google',
      email: 'grace.google@example.com',
      line1: '3 Search Street',
      city: 'Mountain Town',
      postalCode: '54321',
    },
  ],
  link: [
    { firstName: 'Linus', lastName: 'Link', email: 'linus.link@example.com', line1: '4 Chain Lane', city: 'Linkton', postalCode: '67890' },
  ],
};

/**
 * A stored contact as its wallet offers it to a buyer in `country`: the wallet's address is
 * in the country the order is priced for, so its postal code has that country's shape (its
 * example, from Google's i18n address data) where the made-up one has not.
 */
export function contactIn(contact: WalletContact, country: string): WalletContact {
  const rule = postalCodeRule(country);
  return rule && !isPostalCodeOf(country, contact.postalCode) ? { ...contact, postalCode: rule.example } : contact;
}
