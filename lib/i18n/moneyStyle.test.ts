import { describe, expect, it } from 'vitest';
import { CURRENCY_CODES } from '@/lib/pricing/currencies';
import { formatInStyle, moneyStyleOf } from './moneyStyle';

const LOCALES = ['en-US', 'en-GB', 'en-IE', 'en-CA', 'de-DE', 'de-AT', 'fr-FR', 'fr-CA'];
const AMOUNTS = [0, 0.5, 1, 12.99, 25, 150, 1234.5, 1000.045, 1234567.891, -0.01, -39.99, -1234.5];

describe('formatInStyle', () => {
  it.each(LOCALES)('writes every currency in %s exactly as Intl does', (locale) => {
    for (const currency of CURRENCY_CODES) {
      const style = moneyStyleOf(locale, currency);
      for (const amount of AMOUNTS) {
        for (const digits of [0, 2]) {
          const intl = new Intl.NumberFormat(locale, {
            style: 'currency',
            currency,
            minimumFractionDigits: digits,
            maximumFractionDigits: digits,
          });
          expect(formatInStyle(style, amount, digits), `${locale} ${currency} ${amount} ${digits}`).toBe(intl.format(amount));
        }
      }
    }
  });

  it('writes German euros with the sign after a no-break space', () => {
    expect(formatInStyle(moneyStyleOf('de-DE', 'EUR'), 25, 2)).toBe('25,00\u00a0€');
    expect(formatInStyle(moneyStyleOf('en-CA', 'CAD'), 150, 2)).toBe('$150.00');
  });
});
