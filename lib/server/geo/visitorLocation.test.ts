import { describe, expect, it, vi } from 'vitest';
import { ipCountryDatabase, type IpCountry } from './ipCountryDatabase';
import { visitorLocation, type GeoSettings } from './visitorLocation';

const CLOUDFRONT = { GEO_COUNTRY_HEADER: 'cloudfront-viewer-country', GEO_REGION_HEADER: 'cloudfront-viewer-country-region' };
/** nginx on this machine, in front of the app, behind the CDN. */
const BEHIND_NGINX: GeoSettings = { ...CLOUDFRONT, TRUSTED_PROXIES: ['127.0.0.1/32', '0:0:0:0:0:0:0:1/128'], TRUSTED_PROXY_HOPS: 1 };
const NO_PROXY: GeoSettings = { ...CLOUDFRONT, TRUSTED_PROXIES: [], TRUSTED_PROXY_HOPS: 0 };

const request = (remoteAddress: string, headers: Record<string, string | string[]> = {}) => ({ headers, socket: { remoteAddress } });

/** A database that knows two addresses (as clientAddress writes them), and records what it was asked. */
const fakeDatabase = () => vi.fn<IpCountry>((address) => ({ '198.51.100.20': 'FR', '2001:db8:0:0:0:0:0:20': 'CH' })[address] ?? null);

describe('visitorLocation: the edge', () => {
  it("believes the edge's country and region from a trusted proxy", () => {
    const ipCountry = fakeDatabase();
    const from = request('127.0.0.1', {
      'x-forwarded-for': '198.51.100.20',
      'cloudfront-viewer-country': 'US',
      'cloudfront-viewer-country-region': 'CA',
    });
    expect(visitorLocation(from, BEHIND_NGINX, ipCountry)).toEqual({ country: 'US', region: 'CA', source: 'edge' });
    expect(ipCountry).not.toHaveBeenCalled();
  });

  it('reads the header names configured (Cloudflare)', () => {
    const cloudflare = { ...BEHIND_NGINX, GEO_COUNTRY_HEADER: 'cf-ipcountry', GEO_REGION_HEADER: 'cf-region-code' };
    const from = request('::1', { 'cf-ipcountry': 'CA', 'cf-region-code': 'QC', 'cloudfront-viewer-country': 'DE' });
    expect(visitorLocation(from, cloudflare, fakeDatabase())).toEqual({ country: 'CA', region: 'QC', source: 'edge' });
  });

  it('keeps the country without a region the country does not have, or where it has none', () => {
    const regionless = (country: string, region: string) =>
      visitorLocation(
        request('127.0.0.1', { 'cloudfront-viewer-country': country, 'cloudfront-viewer-country-region': region }),
        BEHIND_NGINX,
        fakeDatabase(),
      );
    expect(regionless('US', 'QC')).toEqual({ country: 'US', region: null, source: 'edge' });
    expect(regionless('DE', 'BE')).toEqual({ country: 'DE', region: null, source: 'edge' });
    expect(regionless('US', 'x'.repeat(5000))).toEqual({ country: 'US', region: null, source: 'edge' });
  });

  it('refuses the headers from a peer that is no trusted proxy, and goes on to its address', () => {
    const forged = { 'cloudfront-viewer-country': 'US', 'cloudfront-viewer-country-region': 'CA' };
    expect(visitorLocation(request('198.51.100.20', forged), BEHIND_NGINX, fakeDatabase())).toEqual({
      country: 'FR',
      region: null,
      source: 'address',
    });
    // No proxy named: nobody's headers are believed, not even loopback's.
    expect(visitorLocation(request('127.0.0.1', forged), NO_PROXY, fakeDatabase())).toBeNull();
  });

  it.each([['XX'], ['T1'], ['RU'], ['ZZZ'], ['us, de'], ['']])('ignores the edge country %j and asks the address', (country) => {
    const from = request('127.0.0.1', { 'x-forwarded-for': '198.51.100.20', 'cloudfront-viewer-country': country });
    expect(visitorLocation(from, BEHIND_NGINX, fakeDatabase())).toEqual({ country: 'FR', region: null, source: 'address' });
  });

  it('ignores an edge header sent twice (an array), which no edge sends', () => {
    const from = request('127.0.0.1', { 'cloudfront-viewer-country': ['DE', 'US'] });
    expect(visitorLocation(from, BEHIND_NGINX, fakeDatabase())).toBeNull();
  });
});

describe('visitorLocation: the client address', () => {
  it('looks up the address through the trusted proxies, IPv4 and IPv6', () => {
    const ipCountry = fakeDatabase();
    expect(visitorLocation(request('127.0.0.1', { 'x-forwarded-for': '2001:db8::20' }), BEHIND_NGINX, ipCountry)).toEqual({
      country: 'CH',
      region: null,
      source: 'address',
    });
    expect(ipCountry).toHaveBeenCalledWith('2001:db8:0:0:0:0:0:20');
    expect(visitorLocation(request('198.51.100.20'), NO_PROXY, ipCountry)?.country).toBe('FR');
  });

  it('never looks up what a client wrote in X-Forwarded-For to a peer that is no proxy', () => {
    const ipCountry = fakeDatabase();
    expect(visitorLocation(request('203.0.113.9', { 'x-forwarded-for': '198.51.100.20' }), BEHIND_NGINX, ipCountry)).toBeNull();
    expect(ipCountry).toHaveBeenCalledWith('203.0.113.9');
  });

  it('takes no country the journey does not sell to', () => {
    expect(visitorLocation(request('198.51.100.7'), NO_PROXY, () => 'RU')).toBeNull();
  });

  it('finds real addresses in the installed database', () => {
    const ipCountry = ipCountryDatabase();
    expect(visitorLocation(request('127.0.0.1', { 'x-forwarded-for': '194.25.2.129' }), BEHIND_NGINX, ipCountry)).toEqual({
      country: 'DE',
      region: null,
      source: 'address',
    });
    expect(visitorLocation(request('2001:4860:4860::8888'), NO_PROXY, ipCountry)).toEqual({
      country: 'US',
      region: null,
      source: 'address',
    });
    expect(visitorLocation(request('::ffff:8.8.8.8'), NO_PROXY, ipCountry)?.country).toBe('US');
    // A private address (the database says Australia for it) leaves the language to decide.
    expect(visitorLocation(request('192.168.1.10', { 'accept-language': 'de-AT' }), NO_PROXY, ipCountry)).toEqual({
      country: 'AT',
      region: null,
      source: 'language',
    });
  });
});

describe("visitorLocation: the browser's language", () => {
  it('takes the region of the first language when nothing else knows', () => {
    expect(visitorLocation(request('10.0.0.8', { 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.8' }), NO_PROXY, fakeDatabase())).toEqual({
      country: 'CA',
      region: null,
      source: 'language',
    });
  });

  it('gives nothing for a bare language, junk or a country not sold to', () => {
    for (const language of ['de', 'en;q=abc', 'ru-RU', 'de-XX', '<script>'])
      expect(visitorLocation(request('10.0.0.8', { 'accept-language': language }), NO_PROXY, fakeDatabase())).toBeNull();
    expect(visitorLocation(request('10.0.0.8'), NO_PROXY, fakeDatabase())).toBeNull();
  });

  it('comes after the address', () => {
    expect(visitorLocation(request('198.51.100.20', { 'accept-language': 'de-DE' }), NO_PROXY, fakeDatabase())?.source).toBe('address');
  });
});
