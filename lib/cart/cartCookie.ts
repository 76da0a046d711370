import Cookies from 'js-cookie';
import { cartCookieName, encodeCartSelection, type CartSelection } from './cartSelection';

/**
 * Keeps the selection in the campaign's cart cookie, gone when the browser closes. It is a
 * strictly necessary cookie (the cart). Only the server reads it: it renders every step from it.
 */
export function writeCartCookie(campaignId: string, selection: CartSelection | null): void {
  const name = cartCookieName(campaignId);
  if (!selection) {
    Cookies.remove(name, { path: '/' });
    return;
  }
  Cookies.set(name, encodeCartSelection(selection), { path: '/', sameSite: 'lax', secure: window.location.protocol === 'https:' });
}
