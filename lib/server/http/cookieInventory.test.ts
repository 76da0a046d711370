import { describe, expect, it } from 'vitest';
import { parseServerEnv } from '@/lib/server/config/serverEnv';
import { readReceipt, receiptCookie } from '@/lib/server/checkout/receiptCookie';
import { readSessionToken, sessionCookies } from '@/lib/server/identity/sessionCookies';
import { readSignInNonce, signInNonceCookie } from '@/lib/server/identity/signInNonce';
import { knownBrowserCookie, readKnownBrowser } from '@/lib/server/identity/knownBrowser';
import { secureCookies } from './cookieSecurity';

/**
 * Every cookie the server sets, with its flags. (The browser sets the cart and consent
 * cookies itself, Secure whenever the page is https: lib/cart/cartCookie.ts,
 * lib/tracking/consent/consentStore.ts; the cart clearing in orderView.ts sets no value.)
 */
function inventory(secure: boolean): Record<string, string[]> {
  const receipt = receiptCookie({ transactionId: 'txn_0123456789abcdef01234567', token: '3b241101-e2bb-4255-8caf-4136c566a962' }, secure);
  const session = sessionCookies('token', { expiresOn: 1_800_000_000, absoluteExpiresOn: 1_900_000_000 }, secure);
  const nonce = signInNonceCookie('n'.repeat(43), secure);
  const known = knownBrowserCookie('k'.repeat(43), secure);
  const flagsOf = (cookie: string) =>
    cookie
      .split('; ')
      .slice(1)
      .map((part) => part.split('=')[0]!)
      .sort();
  return Object.fromEntries([receipt, ...session, nonce, known].map((cookie) => [cookie.split('=')[0]!, flagsOf(cookie)]));
}

describe('the cookies the server sets', () => {
  it('on an https site: each Secure, SameSite=Lax, Path=/, and HttpOnly unless the page must read it', () => {
    expect(inventory(secureCookies(parseServerEnv({ PUBLIC_ORIGIN: 'https://subscribe.example.com' })))).toEqual({
      // Host-only, Secure, Path=/: the prefix browsers enforce. The session's token takes it too (docs/identity.md says
      // why this departs from SPEC §3's name); its readable expiry keeps the one name scripts know.
      '__Host-pj_receipt': ['HttpOnly', 'Max-Age', 'Path', 'SameSite', 'Secure'],
      '__Host-CN_token_access': ['Expires', 'HttpOnly', 'Path', 'SameSite', 'Secure'],
      CN_token_access_expires: ['Expires', 'Path', 'SameSite', 'Secure'],
      '__Host-CN_sign_in_nonce': ['HttpOnly', 'Max-Age', 'Path', 'SameSite', 'Secure'],
      '__Host-CN_sign_in_known': ['HttpOnly', 'Max-Age', 'Path', 'SameSite', 'Secure'],
    });
  });

  it('follow the site address, never the Host header a proxy forwards: without an https PUBLIC_ORIGIN, no Secure', () => {
    expect(secureCookies(parseServerEnv({}))).toBe(false);
    expect(secureCookies(parseServerEnv({ PUBLIC_ORIGIN: 'http://localhost:3000' }))).toBe(false);
    expect(Object.values(inventory(false)).flat()).not.toContain('Secure');
    expect(Object.keys(inventory(false))).toEqual([
      'pj_receipt',
      'CN_token_access',
      'CN_token_access_expires',
      'CN_sign_in_nonce',
      'CN_sign_in_known',
    ]);
  });

  it("reads the session and the sign-in nonce only under the names the site's scheme gives them", () => {
    const token = 't'.repeat(43);
    expect(readSessionToken(`CN_token_access=${token}`, true)).toBeUndefined();
    expect(readSessionToken(`CN_token_access=forged; __Host-CN_token_access=${token}`, true)).toBe(token);
    expect(readSessionToken(`CN_token_access=${token}`, false)).toBe(token);
    expect(readSignInNonce(`CN_sign_in_nonce=${token}`, true)).toBeUndefined();
    expect(readSignInNonce(`__Host-CN_sign_in_nonce=${token}`, true)).toBe(token);
    expect(readSignInNonce('CN_sign_in_nonce=short', false)).toBeUndefined();
    expect(readKnownBrowser(`CN_sign_in_known=${token}`, true)).toBeUndefined();
    expect(readKnownBrowser(`__Host-CN_sign_in_known=${token}`, true)).toBe(token);
  });

  it("reads the receipt only under the name the site's scheme gives it: an https site ignores a plain one another subdomain could plant", () => {
    const value = 'txn_0123456789abcdef01234567.3b241101-e2bb-4255-8caf-4136c566a962';
    expect(readReceipt(`pj_receipt=${value}`, true)).toBeNull();
    expect(readReceipt(`__Host-pj_receipt=${value}`, true)).toMatchObject({ transactionId: 'txn_0123456789abcdef01234567' });
    expect(readReceipt(`pj_receipt=${value}`, false)).toMatchObject({ transactionId: 'txn_0123456789abcdef01234567' });
  });
});
