import { withoutQueryParams } from '@/lib/journey/navigation';

/** The same query in test mode. */
export function withTestMode(search: string): string {
  const params = new URLSearchParams(search);
  params.set('livemode', 'false');
  return `?${params.toString()}`;
}

/** The payment step's own path and query, without the failure reason a return from the bank adds. */
export function returnPathFor(asPath: string): string {
  const [path = '', query = ''] = asPath.split('#')[0]!.split('?');
  return `${path}${withoutQueryParams(query, ['payment_failed'])}`;
}
