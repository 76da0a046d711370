import type { CurrencyCode } from '@/lib/pricing/currencies';
import type { PayPalMoney } from './paypalTypes';

/**
 * Decimals PayPal expects per currency (its currency-codes reference: USD, GBP, EUR and CAD
 * all take two). A Record over CurrencyCode so that a new currency in the catalogue fails to
 * compile here until its decimals are stated, rather than being sent with the wrong ones.
 */
const DECIMALS: Readonly<Record<CurrencyCode, number>> = { USD: 2, GBP: 2, EUR: 2, CAD: 2 };

/** Minor units (2500) → PayPal's amount string ("25.00"), by string arithmetic: no float rounding. */
export function toPayPalValue(minorUnits: number, currency: CurrencyCode): string {
  if (!Number.isSafeInteger(minorUnits) || minorUnits < 0) {
    throw new RangeError(`A PayPal amount must be a whole, non-negative number of minor units, not ${minorUnits}`);
  }
  const decimals = DECIMALS[currency];
  if (decimals === 0) return String(minorUnits);
  const digits = String(minorUnits).padStart(decimals + 1, '0');
  return `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

export const toPayPalMoney = (minorUnits: number, currency: CurrencyCode): PayPalMoney => ({
  currency_code: currency,
  value: toPayPalValue(minorUnits, currency),
});
