import { describe, expect, it } from 'vitest';
import { withLang } from './langLink';

describe('withLang', () => {
  it('leaves the default locale’s links as they are', () => {
    expect(withLang('/cancel?livemode=false', 'en-US')).toBe('/cancel?livemode=false');
  });

  it('adds the locale to a link with or without a query, before its fragment', () => {
    expect(withLang('/cancel', 'de-DE')).toBe('/cancel?lang=de-DE');
    expect(withLang('/withdraw?livemode=false', 'fr-FR')).toBe('/withdraw?livemode=false&lang=fr-FR');
    expect(withLang('/account#invoices', 'en-GB')).toBe('/account?lang=en-GB#invoices');
  });
});
