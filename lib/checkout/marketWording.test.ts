import { describe, expect, it } from 'vitest';
import marketWording from '@/data/market-wording.json';
import english from '@/messages/en/payment.json';
import { marketWordingOf } from './marketWording';

describe('marketWordingOf', () => {
  it('gives Germany its statutory order button (BGB § 312j), by the country of the locale', () => {
    expect(marketWordingOf('de-DE').orderButton).toBe('payment.submit.orderWithObligation');
    expect(marketWordingOf('en-DE').orderButton).toBe('payment.submit.orderWithObligation');
  });

  it('gives a market whose law words nothing no wording', () => {
    for (const locale of ['en-US', 'fr-FR', 'en-GB', 'de-AT', 'en-CA', 'en']) expect(marketWordingOf(locale)).toEqual({});
  });

  it('names only message keys that exist', () => {
    for (const wording of Object.values(marketWording.markets))
      for (const key of Object.values(wording)) expect(Object.keys(english), key).toContain(key);
  });
});
