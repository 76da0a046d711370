import { describe, expect, it } from 'vitest';
import { BRAND_DISPLAY_NAMES, brandDisplayName } from './displayNames';

describe('BRAND_DISPLAY_NAMES', () => {
  it('maps eight brands (SPEC §9)', () => {
    expect(Object.keys(BRAND_DISPLAY_NAMES)).toHaveLength(8);
  });

  it('maps every brand to a distinct, non-empty name', () => {
    const names = Object.values(BRAND_DISPLAY_NAMES);
    for (const name of names) expect(name.trim()).not.toBe('');
    expect(new Set(names).size).toBe(names.length);
  });

  it('uses journey slugs as keys', () => {
    for (const slug of Object.keys(BRAND_DISPLAY_NAMES)) expect(slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
  });
});

describe('brandDisplayName', () => {
  it.each([
    ['vogue', 'Vogue'],
    ['newyorker', 'The New Yorker'],
    ['wired', 'WIRED'],
    ['gq', 'GQ'],
    ['epicurious', 'Epicurious'],
    ['vanityfair', 'Vanity Fair'],
    ['bonappetit', 'Bon Appétit'],
    ['cntraveler', 'Condé Nast Traveler'],
  ])('maps %s to %j whatever the catalogue says', (slug, expected) => {
    expect(brandDisplayName(slug, 'Catalogue Name')).toBe(expected);
  });

  it.each([
    ['allure', 'Allure'],
    ['architectural-digest', 'Architectural Digest'],
    ['self', 'SELF'],
    ['Vogue', 'Catalogue Vogue'],
    ['VOGUE', 'Catalogue Vogue'],
    [' vogue', 'Catalogue Vogue'],
    ['', 'Empty'],
    // Prototype keys must not leak functions or objects.
    ['constructor', 'Constructor Magazine'],
    ['__proto__', 'Proto Magazine'],
    ['toString', 'ToString Magazine'],
    ['hasOwnProperty', 'HOP Magazine'],
    ['valueOf', 'ValueOf Magazine'],
    ['isPrototypeOf', 'IPO Magazine'],
  ])('falls back to the catalogue name for unmapped %j', (slug, catalogueName) => {
    const result = brandDisplayName(slug, catalogueName);
    expect(typeof result).toBe('string');
    expect(result).toBe(catalogueName);
  });
});
