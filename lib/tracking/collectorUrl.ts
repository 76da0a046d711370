/**
 * Where the analytics collector lives (SPEC §7: "on a host derived from the page host").
 * The configured template may name the page host as `{host}` and its registrable domain as
 * `{domain}`, e.g. `https://c.{domain}` serves `www.vogue.co.uk` from `https://c.vogue.co.uk`.
 * No template means the page's own origin (the built-in collector).
 */

/**
 * Second-level labels that are registries' own under a two-letter country code
 * (`co.uk`, `com.au`, `co.jp`, `org.uk`…). Deliberately a short list rather than the Public
 * Suffix List: the brands' hosts are known, and a two-letter brand label such as `gq.fr`
 * must not be mistaken for a registry's.
 */
const COUNTRY_SECOND_LEVELS = new Set(['co', 'com', 'net', 'org', 'ac', 'gov', 'edu', 'ne', 'or', 'go']);

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/** localhost, IP addresses and single-label hosts have no registrable domain to derive from. */
export function isLocalOrIpHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    IPV4.test(host) ||
    host.startsWith('[') ||
    host.includes(':') ||
    !host.includes('.')
  );
}

/** The host without its port (IPv6 literals keep their brackets). */
export function hostnameOf(host: string): string {
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  return host.replace(/:\d+$/, '');
}

/**
 * The registrable domain: the last two labels, or the last three under a country code with
 * a registry second level (`vogue.co.uk`). localhost and IPs stay as they are.
 */
export function registrableDomain(hostname: string): string {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (isLocalOrIpHost(host)) return host;
  const labels = host.split('.');
  const tld = labels.at(-1) ?? '';
  const second = labels.at(-2) ?? '';
  const count = tld.length === 2 && COUNTRY_SECOND_LEVELS.has(second) && labels.length >= 3 ? 3 : 2;
  return labels.slice(-count).join('.');
}

/**
 * The collector's origin (scheme://host[:port], no path). `protocol` is the page's
 * (`https:` or `https`), used when the template has no scheme of its own. A template with
 * placeholders on a localhost or IP page gives the page's own origin, since no derived host
 * can exist there; an unusable template is logged and also falls back to the page's origin.
 */
export function collectorOrigin(template: string | null, pageHost: string, protocol: string): string {
  const scheme = protocol.endsWith(':') ? protocol : `${protocol}:`;
  const pageOrigin = `${scheme}//${pageHost}`;
  const trimmed = template?.trim() ?? '';
  if (trimmed === '') return pageOrigin;
  const hasPlaceholder = /\{(host|domain)\}/.test(trimmed);
  if (hasPlaceholder && isLocalOrIpHost(hostnameOf(pageHost))) return pageOrigin;
  const filled = trimmed.replaceAll('{host}', pageHost).replaceAll('{domain}', registrableDomain(hostnameOf(pageHost)));
  const absolute = /^[a-z][a-z\d+.-]*:\/\//i.test(filled)
    ? filled
    : filled.startsWith('//')
      ? `${scheme}${filled}`
      : `${scheme}//${filled}`;
  try {
    return new URL(absolute).origin;
  } catch {
    console.warn(`Analytics collector template "${template}" does not give a URL; using the page's origin.`);
    return pageOrigin;
  }
}
