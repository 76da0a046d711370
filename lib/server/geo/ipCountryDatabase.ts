import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import ipaddr from 'ipaddr.js';
import { Reader, type Response } from 'mmdb-lib';

/** This database's records, which are none of MaxMind's own kinds that mmdb-lib types: `{ country_code: 'DE' }`. */
interface CountryCodeRecord {
  country_code?: unknown;
}

/** The country of a client address, as the database's two-letter code; null when it knows none. */
export type IpCountry = (address: string) => string | null;

/** The offline database, updated by bumping its package (docs/production.md#the-visitors-country). */
const DATABASE_MODULE_PATH = '@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb';

/**
 * Where the database file is, found as Node finds a module from the project's root: under
 * `next start` this code runs from a bundle in .next, far from node_modules, and a bundler
 * would rewrite a plain require.resolve into a module id.
 */
export function ipCountryDatabasePath(root: string = process.cwd()): string {
  return createRequire(path.join(root, 'package.json')).resolve(DATABASE_MODULE_PATH);
}

/**
 * The address as the database reads it, when it is public: the database answers for some
 * private and documentation ranges too (192.168.0.0/16 as Australia), which are no visitor's
 * location. An IPv4-mapped IPv6 address is its IPv4 address.
 */
function publicAddress(address: string): string | null {
  if (!ipaddr.isValid(address)) return null;
  const parsed = ipaddr.process(address);
  return parsed.range() === 'unicast' ? parsed.toString() : null;
}

/**
 * The client address's country from the offline database, read from `file` once, on the
 * first public address asked about (some 8 MB in memory). A file that is missing or
 * unreadable is logged once, and every address then has no country: the page goes on
 * without one.
 */
export function ipCountryDatabase(
  file: () => string = ipCountryDatabasePath,
  log: (line: string) => void = (line) => console.error(line),
): IpCountry {
  let reader: Reader<Response> | null | undefined;
  const open = () => {
    try {
      return new Reader<Response>(fs.readFileSync(file()));
    } catch (error) {
      log(`The IP country database could not be read, so no visitor's country is looked up: ${(error as Error).message}`);
      return null;
    }
  };
  return (address) => {
    const lookedUp = publicAddress(address);
    if (lookedUp === null) return null;
    if (reader === undefined) reader = open();
    try {
      const code = (reader?.get(lookedUp) as CountryCodeRecord | null | undefined)?.country_code;
      return typeof code === 'string' ? code : null;
    } catch {
      // A damaged file can fail on one record and not on others: that address has no country.
      return null;
    }
  };
}
