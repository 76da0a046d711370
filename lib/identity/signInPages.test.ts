import { describe, expect, it } from 'vitest';
import { accountSignInHref, inTestMode, returnPathFrom, signInLinkPageOf } from './signInPages';

describe('signInLinkPageOf', () => {
  it.each([
    ['/account/sign-in/complete?token=abc', { kind: 'account' }],
    ['/account/sign-in/complete', { kind: 'account' }],
    ['/vogue/demo-single/auth/complete?livemode=false&token=abc', { kind: 'journey', base: '/vogue/demo-single' }],
    ['/vogue/demo-single/auth/complete/cart?token=abc', { kind: 'journey', base: '/vogue/demo-single' }],
  ])('knows %s', (page, expected) => {
    expect(signInLinkPageOf(page)).toEqual(expected);
  });

  it.each([
    ['https://evil.example/account/sign-in/complete'],
    ['//evil.example/account/sign-in/complete'],
    ['/account/sign-in'],
    ['/account'],
    ['/vogue/demo-single/cart'],
    ['/vogue/demo-single/auth/initiate'],
    ['/account/sign-in/complete#x'],
    ['/account/sign-in/%2e%2e/complete'],
    ['/account/sign-in/complete\n'],
    [`/account/sign-in/complete?${'x'.repeat(800)}`],
  ])('refuses %j', (page) => {
    expect(signInLinkPageOf(page)).toBeNull();
  });
});

describe('returnPathFrom', () => {
  it('keeps an account link within the account, a campaign link within its campaign', () => {
    expect(returnPathFrom({ kind: 'account' }, '/account/subscriptions')).toBe('/account/subscriptions');
    expect(returnPathFrom({ kind: 'account' }, '/vogue/demo-single/cart')).toBe('/account');
    expect(returnPathFrom({ kind: 'journey', base: '/vogue/demo-single' }, '/vogue/demo-single/cart')).toBe('/vogue/demo-single/cart');
    expect(returnPathFrom({ kind: 'journey', base: '/vogue/demo-single' }, '/account')).toBe('/vogue/demo-single');
  });
});

describe('accountSignInHref', () => {
  it.each([
    [{}, '/account/sign-in'],
    [{ returnPath: '/account' }, '/account/sign-in'],
    [{ email: 'ada+news@example.com' }, '/account/sign-in?email=ada%2Bnews%40example.com'],
    [
      { email: 'ada@example.com', returnPath: '/account/subscriptions' },
      '/account/sign-in?email=ada%40example.com&return=%2Faccount%2Fsubscriptions',
    ],
    [{ livemode: false }, '/account/sign-in?livemode=false&return=%2Faccount%3Flivemode%3Dfalse'],
    [
      { returnPath: '/account/subscriptions/sub_1/card', livemode: false },
      '/account/sign-in?livemode=false&return=%2Faccount%2Fsubscriptions%2Fsub_1%2Fcard%3Flivemode%3Dfalse',
    ],
    [{ returnPath: '/account?livemode=false', livemode: false }, '/account/sign-in?livemode=false&return=%2Faccount%3Flivemode%3Dfalse'],
    [{ livemode: true }, '/account/sign-in'],
    [{ returnPath: '/account?lang=de-DE', locale: 'de-DE' }, '/account/sign-in?return=%2Faccount%3Flang%3Dde-DE&lang=de-DE'],
  ])('%j → %s', (options, href) => {
    expect(accountSignInHref(options)).toBe(href);
  });
});

describe('inTestMode', () => {
  it.each([
    ['/account', false, '/account?livemode=false'],
    ['/account?tab=orders', false, '/account?tab=orders&livemode=false'],
    ['/account?livemode=false', false, '/account?livemode=false'],
    ['/account?livemode=true', false, '/account?livemode=false'],
    ['/account', true, '/account'],
    ['/account?tab=orders', true, '/account?tab=orders'],
  ] as const)('%s in livemode %s → %s', (path, livemode, expected) => {
    expect(inTestMode(path, livemode)).toBe(expected);
  });
});
