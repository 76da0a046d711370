import ipaddr from 'ipaddr.js';

interface AddressedRequest {
  headers: Record<string, string | string[] | undefined>;
  socket?: { remoteAddress?: string };
}

/** An address in its canonical form: IPv4 dotted (also when the socket reports it IPv4-mapped), IPv6 normalised. */
function canonical(address: string): string | null {
  if (!ipaddr.isValid(address)) return null;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) return (parsed as ipaddr.IPv6).toIPv4Address().toString();
  return parsed.toNormalizedString();
}

/**
 * The client's address. Behind `trustedHops` proxies it is the X-Forwarded-For entry the
 * furthest trusted proxy appended (each proxy appends the address it saw, so entries left
 * of that one are whatever the client chose to send). Without trusted proxies, or when the
 * header does not hold what they would have written, it is the socket's address.
 */
export function clientAddress(req: AddressedRequest, trustedHops: number): string {
  const socket = canonical(req.socket?.remoteAddress ?? '') ?? 'unknown';
  if (trustedHops === 0) return socket;
  const header = req.headers['x-forwarded-for'];
  const entries = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const entry = entries[entries.length - trustedHops];
  return (entry && canonical(entry)) || socket;
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

/** The limit key of a request's client: its address through the trusted proxies, IPv6 grouped by /64. */
export function requestClientKey(req: AddressedRequest, trustedHops: number): string {
  return clientKey(clientAddress(req, trustedHops));
}

/** Who sent a request, as a consent's proof keeps it: the address and the browser's own description (clipped). */
export function consentClient(req: AddressedRequest, trustedHops: number): { address: string | null; userAgent: string | null } {
  const address = clientAddress(req, trustedHops);
  const agent = req.headers['user-agent'];
  return { address: address === 'unknown' ? null : address, userAgent: typeof agent === 'string' ? agent.slice(0, 400) : null };
}
