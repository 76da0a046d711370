/**
 * The session cookie holds the secret token (HttpOnly, named as SPEC §3's storage key);
 * its companion holds only the expiry, in seconds, so that the browser can skip the check
 * while the session is valid (SPEC §4).
 */
export const SESSION_COOKIE = 'CN_token_access';
export const SESSION_EXPIRY_COOKIE = 'CN_token_access_expires';
/** Where the browser keeps the verified expiry (SPEC §3: the token-access storage key). */
export const TOKEN_ACCESS_STORAGE_KEY = 'CN_token_access';
