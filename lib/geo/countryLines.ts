/** A country as a page names it: its ISO 3166 code and its name in the page's language. */
export interface Country {
  code: string;
  name: string;
}

/**
 * The countries as a page's props carry them: one line per country, its two-letter code then
 * its name, in the list's order. As JSON objects the 246 entries repeated their two keys,
 * some 400 bytes of gzip in a payment step whose HTML is kept within a first round trip
 * (docs/performance.md).
 */
export type CountryLines = string;

export const countryLines = (list: readonly Country[]): CountryLines => list.map(({ code, name }) => `${code}${name}`).join('\n');

/** The list back from its lines. */
export const countriesOf = (lines: CountryLines): Country[] =>
  lines === '' ? [] : lines.split('\n').map((line) => ({ code: line.slice(0, 2), name: line.slice(2) }));
