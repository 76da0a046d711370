/**
 * Writes data/postal-codes.json, data/address-formats.json, data/subdivisions/*.json and
 * lib/geo/subdivisionChunks.ts from Google's i18n address data as the installed npm package
 * ships it (npm run address-data). Run it after the package is updated in the lockfile: a
 * test fails while the files and the package differ.
 */
import fs from 'node:fs';
import path from 'node:path';
import { addressFormatsFile, postalCodesFile, subdivisionChunksFile, subdivisionFiles } from '@/lib/geo/addressDataSource';

fs.writeFileSync('data/postal-codes.json', postalCodesFile());
fs.writeFileSync('data/address-formats.json', addressFormatsFile());
fs.rmSync('data/subdivisions', { recursive: true, force: true });
fs.mkdirSync('data/subdivisions');
for (const [country, text] of Object.entries(subdivisionFiles())) fs.writeFileSync(path.join('data/subdivisions', `${country}.json`), text);
fs.writeFileSync('lib/geo/subdivisionChunks.ts', subdivisionChunksFile());
console.log('wrote data/postal-codes.json, data/address-formats.json, data/subdivisions/ and lib/geo/subdivisionChunks.ts');
