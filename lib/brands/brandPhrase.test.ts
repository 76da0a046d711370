import { describe, expect, it } from 'vitest';
import { theBrand } from './brandPhrase';
import { BRAND_DISPLAY_NAMES } from './displayNames';

describe('theBrand', () => {
  it.each([
    ['Vogue', 'the Vogue'],
    ['The New Yorker', 'The New Yorker'],
    ['the New Yorker', 'the New Yorker'],
    ['THE NEW YORKER', 'THE NEW YORKER'],
    ['WIRED', 'the WIRED'],
    ['Condé Nast Traveler', 'the Condé Nast Traveler'],
    ['  The New Yorker  ', 'The New Yorker'],
    ['The\u00a0New Yorker', 'The\u00a0New Yorker'],
    // Only the word "the": names that merely begin with those letters take the article.
    ['Theater Weekly', 'the Theater Weekly'],
    ['Thesaurus', 'the Thesaurus'],
    ['', ''],
  ])('%j → %j', (name, expected) => {
    expect(theBrand(name)).toBe(expected);
  });

  it('never doubles the article for any mapped brand', () => {
    for (const name of Object.values(BRAND_DISPLAY_NAMES)) expect(theBrand(name)).not.toMatch(/^the the\s/i);
  });
});
