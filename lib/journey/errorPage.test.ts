import { describe, expect, it } from 'vitest';
import { accountHomeOf, errorKind, errorLocation, errorModeProps, errorStatus, inRequestMode } from './errorPage';

describe('errorLocation', () => {
  it.each([
    ['/vogue/demo-single/no-such-step', { brand: 'vogue', urlSlug: 'demo-single', search: '' }],
    ['/vogue/no-such-campaign', { brand: 'vogue', urlSlug: 'no-such-campaign', search: '' }],
    ['/vogue', { brand: 'vogue', urlSlug: null, search: '' }],
    ['/vogue/demo-single?livemode=false&source=e2e&x=1', { brand: 'vogue', urlSlug: 'demo-single', search: '?livemode=false&source=e2e' }],
    ['/vogue/demo-single?livemode=true', { brand: 'vogue', urlSlug: 'demo-single', search: '' }],
    // Query values that the journey would refuse are not carried over.
    ['/vogue/demo-single?livemode=false&livemode=false&source=%3Cscript%3E', { brand: 'vogue', urlSlug: 'demo-single', search: '' }],
    ['/vogue/demo-single%2Fcart', { brand: 'vogue', urlSlug: null, search: '' }],
    ['/vogue/%2e%2e/demo-single', { brand: 'vogue', urlSlug: null, search: '' }],
    ['/vogue/demo-single#top', { brand: 'vogue', urlSlug: 'demo-single', search: '' }],
    // In lower case, as the journey redirects it.
    ['/Vogue/No-Such-Campaign?livemode=false', { brand: 'vogue', urlSlug: 'no-such-campaign', search: '?livemode=false' }],
  ])('%s → %o', (url, expected) => {
    expect(errorLocation(url)).toEqual(expected);
  });

  it.each([
    '/',
    '',
    '/vog%C3%BCe/demo-single',
    '/VOG\u212Ae/demo-single',
    `/${'a'.repeat(65)}/x`,
    '/_next/static/x.js',
    'http://evil.example/vogue',
  ])('finds no brand in %j', (url) => {
    expect(errorLocation(url)).toBeNull();
  });
});

describe('errorKind', () => {
  it.each([
    [404, 'not_found'],
    [410, 'not_found'],
    [400, 'bad_request'],
    [414, 'bad_request'],
    [405, 'not_allowed'],
    [500, 'server_error'],
    [503, 'server_error'],
  ] as const)('%i → %s', (status, kind) => {
    expect(errorKind(status)).toBe(kind);
  });
});

describe('errorStatus', () => {
  it.each([
    [404, 404],
    [500, 500],
    [200, 500],
    [undefined, 500],
    [0, 500],
  ])('%s → %i', (status, expected) => {
    expect(errorStatus(status)).toBe(expected);
  });
});

describe('accountHomeOf', () => {
  it.each([
    ['/account/nothing', '/account'],
    ['/account/nothing?livemode=false', '/account?livemode=false'],
    ['/Account/nothing?livemode=false#x', '/account?livemode=false'],
    ['/account/subscriptions/sub_x/nothing?livemode=true', '/account'],
    ['/account/nothing?livemode=maybe', '/account'],
    ['/account', '/account'],
    ['/accounts/nothing', null],
    ['/vogue/account', null],
    ['/admin/nothing?livemode=false', null],
    ['/', null],
  ])('%s leads back to %s', (url, home) => {
    expect(accountHomeOf(url)).toBe(home);
  });
});

describe('inRequestMode', () => {
  it.each([
    // The mt_livemode cookie alone puts the request in test mode, as the account and the journey read it.
    ['/account/nothing', 'false', '/account/nothing?livemode=false'],
    ['/vogue/demo-single/no-such-step?source=mail', 'FALSE', '/vogue/demo-single/no-such-step?source=mail&livemode=false'],
    ['/account/nothing?livemode=true#top', 'false', '/account/nothing?livemode=false'],
    // Already in test mode, or live: the URL as it is.
    ['/account/nothing?livemode=false', 'false', '/account/nothing?livemode=false'],
    ['/account/nothing?livemode=false', undefined, '/account/nothing?livemode=false'],
    ['/account/nothing', undefined, '/account/nothing'],
    ['/account/nothing', 'true', '/account/nothing'],
    ['/account/nothing', 'maybe', '/account/nothing'],
    // A livemode the pages refuse stays live, as the links of its page are.
    ['/account/nothing?livemode=maybe', 'false', '/account/nothing?livemode=maybe'],
    ['/account/nothing?livemode=true&livemode=true', 'false', '/account/nothing?livemode=true&livemode=true'],
  ])('%s with the cookie %s reads as %s', (url, cookie, expected) => {
    expect(inRequestMode(url, cookie)).toBe(expected);
  });
});

describe('errorModeProps', () => {
  it.each([
    ['/account/nothing?livemode=false', { account: '/account?livemode=false', livemode: false }],
    ['/account/nothing', { account: '/account' }],
    ['/vogue/demo-single/x?livemode=false', { livemode: false }],
    ['/vogue/demo-single/x', {}],
  ])('%s keeps %o', (url, expected) => {
    expect(errorModeProps(url)).toEqual(expected);
  });
});
