import { describe, expect, it } from 'vitest';
import { parseServerEnv } from '@/lib/server/config/serverEnv';
import { readReceipt, receiptCookie } from '@/lib/server/checkout/receiptCookie';
import { sessionCookies } from '@/lib/server/identity/sessionCookies';
import { secureCookies } from './cookieSecurity';

/**
 * Every cookie the server sets, with its flags. (The browser sets the cart and consent
 * cookies itself, Secure whenever the page is https: lib/cart/cartCookie.ts,
 * lib/tracking/consent/consentStore.ts; the cart clearing in orderView.ts sets no value.)
 */
function inventory(secure: boolean): Record<string, string[]> {
  const receipt = receiptCookie({ transactionId: 'txn_0123456789abcdef01234567', token: '3b241101-e2bb-4255-8caf-4136c566a962' }, secure);
  const session = sessionCookies('token', 1_900_000_000, secure);
  const flagsOf = (cookie: string) =>
    cookie
      .split('; ')
      .slice(1)
      .map((part) => part.split('=')[0]!)
      .sort();
  return Object.fromEntries([receipt, ...session].map((cookie) => [cookie.split('=')[0]!, flagsOf(cookie)]));
}

describe('the cookies the server sets', () => {
  it('on an https site: each Secure, SameSite=Lax, Path=/, and HttpOnly unless the page must read it', () => {
    expect(inventory(secureCookies(parseServerEnv({ PUBLIC_ORIGIN: 'https://subscribe.example.com' })))).toEqual({
      // Host-only, Secure, Path=/: the prefix browsers enforce. The session cookies keep the names SPEC §4 gives them.
      '__Host-pj_receipt': ['HttpOnly', 'Max-Age', 'Path', 'SameSite', 'Secure'],
      CN_token_access: ['Expires', 'HttpOnly', 'Path', 'SameSite', 'Secure'],
      CN_token_access_expires: ['Expires', 'Path', 'SameSite', 'Secure'],
    });
  });

  it('follow the site address, never the Host header a proxy forwards: without an https PUBLIC_ORIGIN, no Secure', () => {
    expect(secureCookies(parseServerEnv({}))).toBe(false);
    expect(secureCookies(parseServerEnv({ PUBLIC_ORIGIN: 'http://localhost:3000' }))).toBe(false);
    expect(Object.values(inventory(false)).flat()).not.toContain('Secure');
    expect(Object.keys(inventory(false))).toContain('pj_receipt');
  });

  it("reads the receipt only under the name the site's scheme gives it: an https site ignores a plain one another subdomain could plant", () => {
    const value = 'txn_0123456789abcdef01234567.3b241101-e2bb-4255-8caf-4136c566a962';
    expect(readReceipt(`pj_receipt=${value}`, true)).toBeNull();
    expect(readReceipt(`__Host-pj_receipt=${value}`, true)).toMatchObject({ transactionId: 'txn_0123456789abcdef01234567' });
    expect(readReceipt(`pj_receipt=${value}`, false)).toMatchObject({ transactionId: 'txn_0123456789abcdef01234567' });
  });
});
