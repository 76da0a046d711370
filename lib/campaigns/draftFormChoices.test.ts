import { describe, expect, it } from 'vitest';
import { currencyForLocale, localeChoices } from './draftFormChoices';

describe('choices', () => {
  it('offers the brand’s language first', () => {
    expect(localeChoices('en-GB', '')).toEqual(['en-GB', 'en-US', 'en-CA', 'de-DE', 'fr-FR', 'fr-CA']);
    expect(localeChoices('en-US', 'de-CH')).toEqual(['en-US', 'en-GB', 'en-CA', 'de-DE', 'fr-FR', 'fr-CA', 'de-CH']);
  });

  it('takes a brand’s currency from its language’s region', () => {
    expect(currencyForLocale('en-GB')).toBe('GBP');
    expect(currencyForLocale('fr-CA')).toBe('CAD');
    expect(currencyForLocale('en-US')).toBe('USD');
    expect(currencyForLocale('en')).toBe('USD');
    expect(currencyForLocale('de-DE')).toBe('EUR');
  });
});
