import ipaddr from 'ipaddr.js';

interface AddressedRequest {
  headers: Record<string, string | string[] | undefined>;
  socket?: { remoteAddress?: string };
}

/**
 * Which proxies' X-Forwarded-For entries are believed (TRUSTED_PROXIES, TRUSTED_PROXY_HOPS):
 * the addresses or CIDR ranges they connect from, and at most how many of them stand in a row.
 */
export interface ProxyTrust {
  /** Canonical CIDRs such as `127.0.0.1/32` (serverEnv's TRUSTED_PROXIES); empty: the header is never read. */
  TRUSTED_PROXIES: readonly string[];
  TRUSTED_PROXY_HOPS: number;
}

/** No proxy is trusted: the client is the socket's peer, whatever X-Forwarded-For says. */
export const NO_PROXIES: ProxyTrust = { TRUSTED_PROXIES: [], TRUSTED_PROXY_HOPS: 0 };

/** An address in its canonical form: IPv4 dotted (also when the socket reports it IPv4-mapped), IPv6 normalised. */
function canonical(address: string): string | null {
  if (!ipaddr.isValid(address)) return null;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) return (parsed as ipaddr.IPv6).toIPv4Address().toString();
  return parsed.toNormalizedString();
}

/**
 * An address or CIDR range (`10.0.0.0/8`, `::1`) as a canonical CIDR (`10.0.0.0/8`,
 * `::1/128`), or null when it is neither; an IPv4-mapped IPv6 address is its IPv4 address.
 */
export function canonicalProxyRange(value: string): string | null {
  const text = value.trim();
  if (ipaddr.IPv4.isValidFourPartDecimal(text) || ipaddr.IPv6.isValid(text)) {
    const address = canonical(text)!;
    return `${address}/${ipaddr.parse(address).kind() === 'ipv4' ? 32 : 128}`;
  }
  const [address, bits] = text.split('/');
  if (!address || !bits || !/^\d{1,3}$/.test(bits) || !(ipaddr.IPv4.isValidFourPartDecimal(address) || ipaddr.IPv6.isValid(address)))
    return null;
  try {
    const network =
      ipaddr.parse(address).kind() === 'ipv4' ? ipaddr.IPv4.networkAddressFromCIDR(text) : ipaddr.IPv6.networkAddressFromCIDR(text);
    return `${network.toNormalizedString()}/${Number(bits)}`;
  } catch {
    return null;
  }
}

type ParsedRange = [ipaddr.IPv4 | ipaddr.IPv6, number];
const parsedRanges = new Map<string, ParsedRange>();

function isTrusted(address: string, proxies: readonly string[]): boolean {
  if (proxies.length === 0 || !ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  return proxies.some((cidr) => {
    let range = parsedRanges.get(cidr);
    if (!range) {
      range = ipaddr.parseCIDR(cidr);
      parsedRanges.set(cidr, range);
    }
    return range[0].kind() === parsed.kind() && parsed.match(range);
  });
}

/**
 * Whether the request came straight from one of the trusted proxies (its socket's peer), so
 * that what that proxy says about the request, beyond X-Forwarded-For, may be believed.
 */
export function isFromTrustedProxy(req: AddressedRequest, trust: ProxyTrust): boolean {
  const peer = canonical(req.socket?.remoteAddress ?? '');
  return peer !== null && isTrusted(peer, trust.TRUSTED_PROXIES);
}

/**
 * The client's address. X-Forwarded-For is read from the right, one entry per proxy, and
 * only while the address in hand (first the socket's peer) is one of the trusted proxies,
 * at most TRUSTED_PROXY_HOPS entries: each proxy appends the address it saw, so entries
 * left of those are whatever the client chose to send, and a peer that is no trusted proxy
 * (anyone reaching the port directly) is itself the client. An entry that is not an
 * address ends the walk at the last address known.
 */
export function clientAddress(req: AddressedRequest, trust: ProxyTrust): string {
  let address = canonical(req.socket?.remoteAddress ?? '') ?? 'unknown';
  if (trust.TRUSTED_PROXY_HOPS === 0 || trust.TRUSTED_PROXIES.length === 0) return address;
  const header = req.headers['x-forwarded-for'];
  const entries = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (let hop = 0; hop < trust.TRUSTED_PROXY_HOPS && isTrusted(address, trust.TRUSTED_PROXIES); hop += 1) {
    const entry = entries.pop();
    const forwarded = entry === undefined ? null : canonical(entry);
    if (!forwarded) break;
    address = forwarded;
  }
  return address;
}

/**
 * The key limits count a client under: an IPv4 address as it is, an IPv6 address by its
 * /64, because one subscriber line is handed a whole /64 and can change address at will within it.
 */
export function clientKey(address: string): string {
  if (!ipaddr.IPv6.isValid(address)) return address;
  const network = ipaddr.IPv6.parse(address)
    .parts.slice(0, 4)
    .map((part) => part.toString(16));
  return `${network.join(':')}::/64`;
}

/**
 * The network a client address belongs to, for ceilings that only alert: an IPv6 address by
 * its /48 (what one site or customer of a hoster is commonly handed, so a range of /64s
 * counts as one), an IPv4 address by its /24 (the smallest block hosters rent out; a shared
 * /24 only costs an alert that names it, since nothing is refused).
 */
export function clientNetwork(address: string): string {
  if (ipaddr.IPv4.isValidFourPartDecimal(address)) return `${address.split('.').slice(0, 3).join('.')}.0/24`;
  if (!ipaddr.IPv6.isValid(address)) return address;
  const network = ipaddr.IPv6.parse(address)
    .parts.slice(0, 3)
    .map((part) => part.toString(16));
  return `${network.join(':')}::/48`;
}

/** The limit key of a request's client: its address through the trusted proxies, IPv6 grouped by /64. */
export function requestClientKey(req: AddressedRequest, trust: ProxyTrust): string {
  return clientKey(clientAddress(req, trust));
}

/** Who sent a request, as a consent's proof keeps it: the address and the browser's own description (clipped). */
export function consentClient(req: AddressedRequest, trust: ProxyTrust): { address: string | null; userAgent: string | null } {
  const address = clientAddress(req, trust);
  const agent = req.headers['user-agent'];
  return { address: address === 'unknown' ? null : address, userAgent: typeof agent === 'string' ? agent.slice(0, 400) : null };
}

/** Whether a request's client, through the trusted proxies, is this machine itself (127.0.0.0/8 or ::1). */
export function isLoopbackClient(req: AddressedRequest, trust: ProxyTrust): boolean {
  const address = clientAddress(req, trust);
  return ipaddr.isValid(address) && ipaddr.parse(address).range() === 'loopback';
}

/**
 * The limit key of an address as a person types it (an operator lifting a client's limits):
 * the same key requestClientKey gives that client, or null when the text is no IPv4 address
 * (four decimal parts) or IPv6 address.
 */
export function typedClientKey(text: string): string | null {
  const typed = text.trim();
  if (!ipaddr.IPv4.isValidFourPartDecimal(typed) && !ipaddr.IPv6.isValid(typed)) return null;
  const address = canonical(typed);
  return address === null ? null : clientKey(address);
}
