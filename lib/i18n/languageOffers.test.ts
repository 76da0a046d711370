import { describe, expect, it } from 'vitest';
import { isOfferedLocale, journeyLocale, languageOffersOf, offerFor, searchInLocale } from './languageOffers';

describe('language offers (data/market-languages.json)', () => {
  it('offers French to a Quebec buyer of a Canadian English campaign, and nothing elsewhere', () => {
    expect(languageOffersOf('en-CA')).toEqual([{ locale: 'fr-CA', country: 'CA', region: 'QC' }]);
    expect(offerFor('en-CA', 'en-CA', { country: 'CA', region: 'QC' })?.locale).toBe('fr-CA');
    expect(offerFor('en-CA', 'en-CA', { country: 'CA', region: 'ON' })).toBeNull();
    expect(offerFor('en-CA', 'fr-CA', { country: 'CA', region: 'QC' })).toBeNull();
    expect(offerFor('en-US', 'en-US', { country: 'CA', region: 'QC' })).toBeNull();
    expect(languageOffersOf('de-DE')).toEqual([]);
  });

  it('serves an offered language on the private steps only: the offer page stays the campaign’s', () => {
    expect(journeyLocale('en-CA', 'credit-card', 'fr-CA')).toBe('fr-CA');
    expect(journeyLocale('en-CA', 'success', 'fr-ca')).toBe('fr-CA');
    expect(journeyLocale('en-CA', 'cart', ['fr-CA'])).toBe('fr-CA');
    expect(journeyLocale('en-CA', 'campaign', 'fr-CA')).toBe('en-CA');
    for (const asked of ['de-DE', 'fr-FR', ['fr-CA', 'fr-CA'], undefined, '<x>'])
      expect(journeyLocale('en-CA', 'cart', asked as string | undefined)).toBe('en-CA');
    expect(journeyLocale('de-DE', 'cart', 'fr-CA')).toBe('de-DE');
  });

  it('accepts at checkout the campaign’s locale or one it offers', () => {
    expect(isOfferedLocale('en-CA', 'en-CA')).toBe(true);
    expect(isOfferedLocale('en-CA', 'fr-CA')).toBe(true);
    expect(isOfferedLocale('en-CA', 'fr-FR')).toBe(false);
    expect(isOfferedLocale('de-DE', 'fr-CA')).toBe(false);
  });

  it('sets or drops the language in the journey query, keeping the rest', () => {
    expect(searchInLocale('?livemode=false&source=e2e', 'fr-CA')).toBe('?livemode=false&source=e2e&lang=fr-CA');
    expect(searchInLocale('?livemode=false&lang=fr-CA', null)).toBe('?livemode=false');
    expect(searchInLocale('?lang=fr-CA', null)).toBe('');
  });
});
