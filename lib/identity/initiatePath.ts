/** The auth/initiate page for the page the visitor is on, with its query (SPEC §2). */
export function initiatePathFor(asPath: string): string {
  const [path = '', query] = asPath.split('#')[0]!.split('?');
  const segments = path.split('/');
  const base = segments.slice(0, 3).join('/');
  const page = segments.slice(3).filter(Boolean).join('/');
  return `${base}/auth/initiate${page ? `/${page}` : ''}${query ? `?${query}` : ''}`;
}
