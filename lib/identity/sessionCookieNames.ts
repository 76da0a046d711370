/**
 * The session cookie holds the secret token (HttpOnly, named after SPEC §3's storage key);
 * its companion holds only the expiry, in seconds, so that the browser can skip the check
 * while the session is valid (SPEC §4).
 */
export const SESSION_COOKIE = 'CN_token_access';
/**
 * On an https site the token's cookie is `__Host-CN_token_access`: browsers take such a
 * cookie only Secure, for this host alone and path /, so a sibling subdomain cannot plant a
 * session of its choosing (signing the visitor in as someone else). Over plain http (a
 * developer's machine) the prefix cannot be set. docs/identity.md says why this departs from
 * SPEC §3's name.
 */
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;
export const sessionCookieName = (secure: boolean) => (secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE);
/** Read by the page's scripts (the pre-auth check, marketing permissions): one name on every site. */
export const SESSION_EXPIRY_COOKIE = 'CN_token_access_expires';
/** Where the browser keeps the verified expiry (SPEC §3: the token-access storage key). */
export const TOKEN_ACCESS_STORAGE_KEY = 'CN_token_access';

/**
 * The browser that asked for a sign-in link keeps a random nonce here (HttpOnly, 15 minutes,
 * `__Host-` on https like the session's): the link signs in at once only where it comes back.
 */
export const SIGN_IN_NONCE_COOKIE = 'CN_sign_in_nonce';
export const signInNonceCookieName = (secure: boolean) => (secure ? `__Host-${SIGN_IN_NONCE_COOKIE}` : SIGN_IN_NONCE_COOKIE);

/**
 * A browser that signed in as an address keeps a proof of it here (HttpOnly, 400 days,
 * `__Host-` on https): asking for that address's links from it is never held to the
 * address's ceiling, so strangers flooding the address cannot keep its owner out.
 */
export const KNOWN_BROWSER_COOKIE = 'CN_sign_in_known';
export const knownBrowserCookieName = (secure: boolean) => (secure ? `__Host-${KNOWN_BROWSER_COOKIE}` : KNOWN_BROWSER_COOKIE);
