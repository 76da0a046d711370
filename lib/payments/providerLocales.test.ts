import { describe, expect, it } from 'vitest';
import { amazonPayCheckoutLanguage, paypalLocale, stripeLocale } from './providerLocales';

describe("the providers' locales", () => {
  it.each([
    ['de-DE', 'de'],
    ['de-AT', 'de'],
    ['fr-FR', 'fr-FR'],
    ['fr-CA', 'fr-CA'],
    ['fr-BE', 'fr'],
    ['en-US', 'en'],
    ['en-GB', 'en-GB'],
    ['en-CA', 'en-CA'],
    ['en-IE', 'en'],
  ])("gives Stripe Elements %s as %s: the region's own where Stripe has it, else the language", (locale, expected) => {
    expect(stripeLocale(locale)).toBe(expected);
  });

  it.each([
    ['de-DE', 'de_DE'],
    ['fr-FR', 'fr_FR'],
    ['en-CA', 'en_CA'],
    ['fr-CA', 'fr_CA'],
    ['en-GB', 'en_GB'],
    ['en-US', 'en_US'],
    ['de-LU', 'de_DE'],
    ['fr-MA', 'fr_FR'],
    ['en-IE', 'en_US'],
  ])("gives PayPal %s as %s: a pair PayPal lists, else the language in PayPal's default country", (locale, expected) => {
    expect(paypalLocale(locale)).toBe(expected);
  });

  it("gives Amazon Pay a checkout language its merchant's region takes", () => {
    expect(amazonPayCheckoutLanguage('de-DE', 'eu')).toBe('de_DE');
    expect(amazonPayCheckoutLanguage('fr-CA', 'eu')).toBe('fr_FR');
    expect(amazonPayCheckoutLanguage('en-GB', 'eu')).toBe('en_GB');
    expect(amazonPayCheckoutLanguage('en-US', 'eu')).toBe('en_GB');
    expect(amazonPayCheckoutLanguage('de-DE', 'na')).toBe('en_US');
    expect(amazonPayCheckoutLanguage('fr-FR', 'jp')).toBe('ja_JP');
  });
});
