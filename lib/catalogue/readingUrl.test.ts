import { describe, expect, it } from 'vitest';
import { VOGUE_IDENTITY as identity } from '@/tests/fixtures/flows';
import { parseCatalogueFile } from './catalogueFile';
import { isReadingUrl } from './readingUrl';

/** A catalogue of one brand, with the reading URL given (left out when undefined). */
function withReadingUrl(readingUrl?: unknown) {
  const brand = { slug: 'vogue', name: 'Vogue', identity, ...(readingUrl === undefined ? {} : { readingUrl }) };
  return parseCatalogueFile({ brands: [brand], offers: [], checkoutFlows: [], coupons: [] });
}

describe("a brand's readingUrl in the catalogue file", () => {
  it('is null when left out, so that catalogues exported before it still import', () => {
    const result = withReadingUrl();
    expect(result.ok && result.file.brands[0]!.readingUrl).toBeNull();
    const explicit = withReadingUrl(null);
    expect(explicit.ok && explicit.file.brands[0]!.readingUrl).toBeNull();
  });

  it('keeps an absolute https URL, trimmed', () => {
    const result = withReadingUrl('  https://www.vogue.com/magazine?ref=subscribed  ');
    expect(result.ok && result.file.brands[0]!.readingUrl).toBe('https://www.vogue.com/magazine?ref=subscribed');
  });

  it.each([
    ['an http URL', 'http://www.vogue.com/'],
    ['a relative path', '/vogue/read'],
    ['a protocol-relative URL', '//www.vogue.com/'],
    ['a script URL', 'javascript:alert(1)'],
    ['a URL with a password', 'https://user:secret@www.vogue.com/'],
    ['a URL without a host', 'https:///read'],
    ['https written without slashes', 'https:www.vogue.com'],
    ['an empty string', ''],
    ['a number', 42],
  ])('refuses %s, naming the field', (_, readingUrl) => {
    const result = withReadingUrl(readingUrl);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors.join('\n')).toMatch(/^brands\[0\]\.readingUrl: /);
  });

  it('refuses a URL longer than 2000 characters', () => {
    const result = withReadingUrl(`https://www.vogue.com/${'a'.repeat(2000)}`);
    expect(!result.ok && result.errors).toEqual(['brands[0].readingUrl: must be at most 2000 characters']);
  });
});

describe('isReadingUrl', () => {
  it.each([
    ['https://www.vogue.com/', true],
    ['HTTPS://www.vogue.com', true],
    ['https://localhost:8443/read', true],
    ['ftp://www.vogue.com/', false],
    ['https:// www.vogue.com/', false],
  ])('%s: %s', (value, expected) => {
    expect(isReadingUrl(value)).toBe(expected);
  });
});
