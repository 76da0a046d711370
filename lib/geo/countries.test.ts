import { describe, expect, it } from 'vitest';
import type { Language } from '@/lib/i18n/locales';
import codeTable from 'i18n-iso-countries/codes.json';
import { countryList, sortCountries, type Country } from './countries';
import { EXCLUDED_COUNTRY_CODES, isListedCountry } from './countryCodes';

const list = countryList();
const codes = list.map((c) => c.code);

describe('countryList', () => {
  it('holds a good number of countries', () => {
    expect(list.length).toBeGreaterThan(230);
    expect(list.length).toBeLessThan(260);
  });

  it('puts the US first', () => {
    expect(list[0]?.code).toBe('US');
    expect(list[0]?.name).toMatch(/United States/);
  });

  it.each([['XK'], ['CN'], ['RU'], ['UA'], ['BY']])('excludes %s (SPEC §5)', (code) => {
    expect(codes).not.toContain(code);
  });

  it('excludes exactly the five listed codes', () => {
    expect([...EXCLUDED_COUNTRY_CODES].sort()).toEqual(['BY', 'CN', 'RU', 'UA', 'XK']);
  });

  it.each([
    ['US', /United States/],
    ['GB', /United Kingdom/],
    ['CA', /^Canada$/],
    ['FR', /^France$/],
    ['DE', /^Germany$/],
    ['IE', /^Ireland$/],
    ['AU', /^Australia$/],
    ['JP', /^Japan$/],
    ['MX', /^Mexico$/],
    ['IN', /^India$/],
    ['BR', /^Brazil$/],
    ['PL', /^Poland$/],
  ])('includes %s with its English name', (code, name) => {
    const entry = list.find((c) => c.code === code);
    expect(entry).toBeDefined();
    expect(entry?.name).toMatch(name);
  });

  it('has entries with exactly a two-letter upper-case code and a non-empty name', () => {
    for (const entry of list) {
      expect(Object.keys(entry).sort()).toEqual(['code', 'name']);
      expect(entry.code).toMatch(/^[A-Z]{2}$/);
      expect(typeof entry.name).toBe('string');
      expect(entry.name.trim()).not.toBe('');
    }
  });

  it('has no duplicate codes', () => {
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('lists the US only once', () => {
    expect(codes.filter((c) => c === 'US')).toHaveLength(1);
  });

  it('sorts everything after the US by name', () => {
    const rest = list.slice(1);
    for (let i = 1; i < rest.length; i += 1) {
      expect(rest[i - 1]!.name.localeCompare(rest[i]!.name, 'en')).toBeLessThanOrEqual(0);
    }
  });

  it('gives the same list on every call', () => {
    expect(countryList()).toEqual(list);
  });
});

describe('sortCountries', () => {
  const c = (code: string, name: string): Country => ({ code, name });

  it.each<[string, Country[], string[]]>([
    ['empty', [], []],
    ['only the US', [c('US', 'United States')], ['US']],
    ['US last', [c('FR', 'France'), c('AT', 'Austria'), c('US', 'United States')], ['US', 'AT', 'FR']],
    ['US in the middle', [c('ZW', 'Zimbabwe'), c('US', 'United States'), c('AL', 'Albania')], ['US', 'AL', 'ZW']],
    ['US first already', [c('US', 'United States'), c('BE', 'Belgium'), c('AD', 'Andorra')], ['US', 'AD', 'BE']],
    ['no US', [c('DE', 'Germany'), c('CA', 'Canada'), c('BR', 'Brazil')], ['BR', 'CA', 'DE']],
    // By name, not by code: Germany (DE) after Denmark (DK); US before names starting with A.
    ['name not code', [c('DK', 'Denmark'), c('DE', 'Germany'), c('AX', 'Åland Islands'), c('US', 'Zzz')], ['US', 'AX', 'DK', 'DE']],
    ['case-insensitive names', [c('B', 'bravo'), c('A', 'Alpha'), c('C', 'Charlie')], ['A', 'B', 'C']],
  ])('%s', (_label, input, expected) => {
    expect(sortCountries(input).map((x) => x.code)).toEqual(expected);
  });

  it('does not change the list it is given', () => {
    const input = [c('FR', 'France'), c('US', 'United States'), c('AT', 'Austria')];
    const copy = input.map((x) => ({ ...x }));
    const sorted = sortCountries(input);
    expect(input).toEqual(copy);
    expect(sorted).not.toBe(input);
  });
});

describe('isListedCountry', () => {
  it.each([
    ['DE', true],
    ['US', true],
    ['RU', false],
    ['XK', false],
    ['XX', false],
    ['T1', false],
    ['de', false],
    ['', false],
  ])('%s: %s', (code, listed) => {
    expect(isListedCountry(code)).toBe(listed);
  });

  it('lists exactly the countries countryList names, in every language', () => {
    for (const language of ['en', 'de', 'fr'] as const)
      for (const { code } of countryList(language)) expect(isListedCountry(code), `${language} ${code}`).toBe(true);
    // And the other way: every code the table lists and the journey sells to has a name.
    const named = new Set(countryList().map((country) => country.code));
    for (const [code] of codeTable) expect(named.has(code!), code).toBe(isListedCountry(code!));
  });
});

describe('countryList in the page’s language', () => {
  it.each<[Language, string, RegExp, RegExp]>([
    ['de', 'DE', /^Deutschland$/, /^Vereinigte Staaten/],
    ['fr', 'DE', /^Allemagne$/, /^États-Unis/],
  ])('names the countries in %s, the same ones as in English', (language, code, name, us) => {
    const named = countryList(language);
    expect(named.find((country) => country.code === code)?.name).toMatch(name);
    expect(named[0]?.code).toBe('US');
    expect(named[0]?.name).toMatch(us);
    expect(named.map((country) => country.code).sort()).toEqual([...codes].sort());
  });

  it('sorts as the language does', () => {
    const rest = countryList('de').slice(1);
    for (let i = 1; i < rest.length; i += 1) expect(rest[i - 1]!.name.localeCompare(rest[i]!.name, 'de')).toBeLessThanOrEqual(0);
  });
});
