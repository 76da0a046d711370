import { safeReturnPath } from './safeReturn';
import { withoutQueryParams } from '@/lib/journey/navigation';

/**
 * With an external identity service, auth/initiate hands the visitor to its sign-in page:
 * `{return}` in the configured URL becomes the absolute address of the page to come back
 * to (only ever a page of this journey; the sign-in method is the service's business).
 */
export function externalSignInUrl(
  template: string,
  origin: string,
  base: string,
  returnSegments: readonly string[],
  search: string,
): string {
  const candidate = `${base}${returnSegments.length ? `/${returnSegments.join('/')}` : ''}${withoutQueryParams(search, ['method'])}`;
  return template.replace('{return}', encodeURIComponent(`${origin}${safeReturnPath(base, candidate)}`));
}

/** The account's sign-in with an external identity service: its page, coming back to `returnPath` (already checked: accountReturnPath). */
export function externalAccountSignInUrl(template: string, origin: string, returnPath: string): string {
  return template.replace('{return}', encodeURIComponent(`${origin}${returnPath}`));
}
