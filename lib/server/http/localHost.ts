/** Whether a Host header names the developer's own machine (plain http, no PUBLIC_ORIGIN needed). */
export function isLocalHost(host: string | undefined): boolean {
  const hostname = (host ?? '').toLowerCase().replace(/:\d+$/, '');
  return hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]';
}
