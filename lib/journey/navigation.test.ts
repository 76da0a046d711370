import { describe, expect, it } from 'vitest';
import { epicuriousHostRedirect, journeyHref, searchOf, withoutQueryParams } from './navigation';

describe('journeyHref', () => {
  it.each<[string, string, string | undefined, string]>([
    // Keeps the base and appends the sub-path.
    ['/vogue/demo-single', 'cart', undefined, '/vogue/demo-single/cart'],
    ['/vogue/demo-single/', 'cart', undefined, '/vogue/demo-single/cart'],
    ['/vogue/demo-single/cart', 'credit-card', undefined, '/vogue/demo-single/credit-card'],
    ['/vogue/demo-single/auth/initiate/cart', 'cart', undefined, '/vogue/demo-single/cart'],
    ['/vogue/demo-single/cart', 'auth/initiate/cart', undefined, '/vogue/demo-single/auth/initiate/cart'],
    // Slashes around the sub-path are trimmed.
    ['/vogue/demo-single', '/cart', undefined, '/vogue/demo-single/cart'],
    ['/vogue/demo-single', 'cart/', undefined, '/vogue/demo-single/cart'],
    ['/vogue/demo-single', '//cart//', undefined, '/vogue/demo-single/cart'],
    // An empty sub-path is the base itself (the offer page).
    ['/vogue/demo-single/cart', '', undefined, '/vogue/demo-single'],
    ['/vogue/demo-single/cart', '/', undefined, '/vogue/demo-single'],
    // A query on the pathname is dropped.
    ['/vogue/demo-single/cart?source=x', 'credit-card', undefined, '/vogue/demo-single/credit-card'],
    ['/vogue/demo-single?livemode=false', 'cart', undefined, '/vogue/demo-single/cart'],
    // Keeping the query.
    ['/vogue/demo-single', 'cart', '?source=x', '/vogue/demo-single/cart?source=x'],
    ['/vogue/demo-single', 'cart', 'source=x', '/vogue/demo-single/cart?source=x'],
    ['/vogue/demo-single', 'cart', '?livemode=false&source=a%20b', '/vogue/demo-single/cart?livemode=false&source=a%20b'],
    ['/vogue/demo-single/cart?old=1', 'credit-card', '?new=2', '/vogue/demo-single/credit-card?new=2'],
    ['/vogue/demo-single/cart', '', '?source=x', '/vogue/demo-single?source=x'],
    // Empty queries add nothing.
    ['/vogue/demo-single', 'cart', '', '/vogue/demo-single/cart'],
    ['/vogue/demo-single', 'cart', '?', '/vogue/demo-single/cart'],
  ])('journeyHref(%j, %j, %j) → %j', (pathname, subPath, search, expected) => {
    expect(journeyHref(pathname, subPath, search)).toBe(expected);
  });
});

describe('searchOf', () => {
  it.each([
    ['/vogue/demo-single', ''],
    ['/vogue/demo-single?', ''],
    ['/vogue/demo-single?source=x', '?source=x'],
    ['/vogue/demo-single/cart?livemode=false&source=x', '?livemode=false&source=x'],
    ['/vogue/demo-single?source=x#top', '?source=x'],
    ['/vogue/demo-single?#top', ''],
    ['/vogue/demo-single#top', ''],
    ['https://www.epicurious.com/epicurious/x?source=a?b', '?source=a?b'],
    ['', ''],
  ])('%j → %j', (url, expected) => {
    expect(searchOf(url)).toBe(expected);
  });

  it('round-trips through journeyHref', () => {
    const url = '/vogue/demo-single?livemode=false&source=spring';
    expect(journeyHref(url, 'cart', searchOf(url))).toBe('/vogue/demo-single/cart?livemode=false&source=spring');
  });
});

describe('epicuriousHostRedirect', () => {
  it.each([
    ['epicurious.com'],
    ['www.epicurious.com'],
    ['subscribe.epicurious.com'],
    ['a.b.epicurious.com'],
    ['EPICURIOUS.COM'],
    ['Www.Epicurious.Com'],
    ['epicurious.com:443'],
    ['www.epicurious.com:8080'],
    ['localhost'],
    ['localhost:3000'],
    ['LOCALHOST:3000'],
    ['127.0.0.1'],
    ['127.0.0.1:3000'],
    ['[::1]'],
    ['[::1]:3000'],
  ])('lets %j through', (host) => {
    expect(epicuriousHostRedirect(host)).toBeNull();
  });

  it.each([
    [undefined],
    [''],
    ['vogue.com'],
    ['www.newyorker.com'],
    ['epicurious.com.evil.com'],
    ['www.epicurious.com.evil.com'],
    ['epicurious.com.evil.com:443'],
    ['notepicurious.com'],
    ['evil-epicurious.com'],
    ['epicurious.co'],
    ['epicurious.org'],
    ['epicurious.com@evil.com'],
    ['evil.com#epicurious.com'],
    ['epicurious'],
    ['localhost.evil.com'],
    ['localhost.epicurious.evil.com'],
    ['127.0.0.1.evil.com'],
    ['evil.com:epicurious.com'],
    [' epicurious.com'],
    ['epicurious.com:abc'],
  ])('sends %j to /404', (host) => {
    expect(epicuriousHostRedirect(host)).toBe('/404');
  });
});

describe('withoutQueryParams', () => {
  it('keeps the rest of the query, or nothing', () => {
    expect(withoutQueryParams('?livemode=false&attempt=txn_1&stage=review', ['attempt', 'stage'])).toBe('?livemode=false');
    expect(withoutQueryParams('?token=abc', ['token'])).toBe('');
    expect(withoutQueryParams('', ['token'])).toBe('');
  });
});
