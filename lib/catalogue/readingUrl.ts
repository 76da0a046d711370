import { z } from 'zod';

/** Whether `value` is an absolute https URL with a host and no user name or password in it. */
export function isReadingUrl(value: string): boolean {
  if (!/^https:\/\/[^\s/?#]/i.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

/**
 * A brand's reading URL: where a new subscriber starts reading (the success page's "Start
 * reading" link). Absolute https only, so that the link never leads to a page of ours by
 * accident nor to an insecure or script URL; null when the brand has none.
 */
export const readingUrlSchema = z
  .string()
  .trim()
  .max(2000, 'must be at most 2000 characters')
  .refine(isReadingUrl, { message: 'must be an absolute https URL such as https://www.vogue.com/' })
  .nullable()
  .default(null);
