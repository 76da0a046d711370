import { listedLocation, type ArrivalLocation } from '@/lib/geo/arrivalLocation';
import { clientAddress, isFromTrustedProxy, type ProxyTrust } from '@/lib/server/http/clientAddress';
import type { IpCountry } from './ipCountryDatabase';
import { languageRegion } from './languageRegion';

interface LocatedRequest {
  headers: Record<string, string | string[] | undefined>;
  socket?: { remoteAddress?: string };
}

/** Who is believed (serverEnv's TRUSTED_PROXIES and hops) and which headers carry the edge's geolocation. */
export interface GeoSettings extends ProxyTrust {
  /** Lower-case header names (serverEnv's GEO_COUNTRY_HEADER, GEO_REGION_HEADER). */
  GEO_COUNTRY_HEADER: string;
  GEO_REGION_HEADER: string;
}

const single = (value: string | string[] | undefined): string | null => (typeof value === 'string' ? value : null);

/**
 * What the edge (a CDN: CloudFront, Cloudflare) says, believed only from a trusted proxy:
 * anyone reaching the app directly could write any header. The proxy must clear the headers
 * when it is the edge itself (deploy/nginx.conf).
 */
function edgeLocation(req: LocatedRequest, settings: GeoSettings): ArrivalLocation | null {
  if (!isFromTrustedProxy(req, settings)) return null;
  const country = single(req.headers[settings.GEO_COUNTRY_HEADER]);
  const location = country && listedLocation(country, single(req.headers[settings.GEO_REGION_HEADER]));
  return location ? { ...location, source: 'edge' } : null;
}

/** The client's address (through the trusted proxies) in the offline database: a country, never a region. */
function addressLocation(req: LocatedRequest, settings: GeoSettings, ipCountry: IpCountry): ArrivalLocation | null {
  const country = ipCountry(clientAddress(req, settings));
  const location = country && listedLocation(country);
  return location ? { ...location, source: 'address' } : null;
}

/** The region of the browser's first language, the weakest guess: `de-AT` says Austria, most often rightly. */
function languageLocation(req: LocatedRequest): ArrivalLocation | null {
  const country = languageRegion(req.headers['accept-language']);
  const location = country && listedLocation(country);
  return location ? { ...location, source: 'language' } : null;
}

/**
 * Where the visitor seems to be, from the first source that knows a country we sell to:
 * the edge's headers, the client address, the browser's language. Null when none does.
 * Every value is checked against the country list and regions.ts, so junk, `XX` (unknown)
 * and `T1` (Tor) count as nothing.
 */
export function visitorLocation(req: LocatedRequest, settings: GeoSettings, ipCountry: IpCountry): ArrivalLocation | null {
  return edgeLocation(req, settings) ?? addressLocation(req, settings, ipCountry) ?? languageLocation(req);
}
