import fs from 'node:fs';
import path from 'node:path';

/** The demo catalogue that `npm run demo` and the tests load. */
export const DEMO_CATALOGUE_PATH = path.join(process.cwd(), 'data', 'demo-catalogue.json');

export function readDemoCatalogue(): string {
  return fs.readFileSync(DEMO_CATALOGUE_PATH, 'utf8');
}
