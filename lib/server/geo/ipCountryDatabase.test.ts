import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { ipCountryDatabase, ipCountryDatabasePath } from './ipCountryDatabase';

describe('ipCountryDatabase, on the installed database', () => {
  const ipCountry = ipCountryDatabase();

  it('is found from the project root, as under next start', () => {
    // Node resolves a symlinked node_modules (a worktree's) to where it really is.
    expect(ipCountryDatabasePath()).toBe(
      fs.realpathSync(path.join(process.cwd(), 'node_modules/@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb')),
    );
  });

  // Addresses whose network has long been registered in one country: Google's and Deutsche
  // Telekom's DNS resolvers, Telekom's IPv6 block (2003::/19).
  it.each([
    ['8.8.8.8', 'US'],
    ['2001:4860:4860::8888', 'US'],
    ['194.25.2.129', 'DE'],
    ['2003::1', 'DE'],
    ['::ffff:194.25.2.129', 'DE'],
  ])('places %s in %s', (address, country) => {
    expect(ipCountry(address)).toBe(country);
  });

  // The file itself answers Australia for 192.168.0.0/16 and for documentation ranges.
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '192.168.1.1',
    '172.16.0.1',
    '100.64.0.1',
    '169.254.1.1',
    '203.0.113.7',
    '::1',
    'fd00::1',
    'fe80::1',
    '2001:db8::1',
  ])('gives no country to %s, which is not public', (address) => {
    expect(ipCountry(address)).toBeNull();
  });

  it('gives no country to what is not an address', () => {
    expect(ipCountry('unknown')).toBeNull();
    expect(ipCountry('')).toBeNull();
  });
});

describe('ipCountryDatabase, without a usable file', () => {
  it('reads the file only once an address is looked up, and once only', () => {
    const file = vi.fn(ipCountryDatabasePath);
    const ipCountry = ipCountryDatabase(file);
    expect(file).not.toHaveBeenCalled();
    expect(ipCountry('10.0.0.1')).toBeNull();
    expect(file).not.toHaveBeenCalled();
    expect(ipCountry('8.8.8.8')).toBe('US');
    expect(ipCountry('194.25.2.129')).toBe('DE');
    expect(file).toHaveBeenCalledTimes(1);
  });

  it('logs one line for a missing file and answers no country, without throwing', () => {
    const log = vi.fn();
    const ipCountry = ipCountryDatabase(() => path.join(os.tmpdir(), 'no-such-database.mmdb'), log);
    expect(ipCountry('8.8.8.8')).toBeNull();
    expect(ipCountry('194.25.2.129')).toBeNull();
    expect(log).toHaveBeenCalledTimes(1);
    expect(log.mock.calls[0]![0]).toMatch(/IP country database could not be read.*ENOENT/);
  });

  it('logs one line for a file that is no database, and answers no country', () => {
    const junk = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'geo-')), 'junk.mmdb');
    fs.writeFileSync(junk, 'not a MaxMind database');
    const log = vi.fn();
    const ipCountry = ipCountryDatabase(() => junk, log);
    expect(ipCountry('8.8.8.8')).toBeNull();
    expect(ipCountry('2003::1')).toBeNull();
    expect(log).toHaveBeenCalledTimes(1);
  });

  it('logs one line when the package itself cannot be found', () => {
    const log = vi.fn();
    const ipCountry = ipCountryDatabase(() => ipCountryDatabasePath(os.tmpdir()), log);
    expect(ipCountry('8.8.8.8')).toBeNull();
    expect(log).toHaveBeenCalledTimes(1);
  });
});
