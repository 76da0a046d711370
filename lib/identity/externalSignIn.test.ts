import { describe, expect, it } from 'vitest';
import { externalAccountSignInUrl, externalSignInUrl } from './externalSignIn';

const template = 'https://id.example.com/sign-in?return={return}';

describe('externalSignInUrl', () => {
  it.each([
    [[], '', 'https://shop.example.com/vogue/demo-single'],
    [['cart'], '?source=nl&method=sign-in', 'https://shop.example.com/vogue/demo-single/cart?source=nl'],
    [['auth', 'initiate'], '', 'https://shop.example.com/vogue/demo-single'],
    [['no-such-step'], '?livemode=false', 'https://shop.example.com/vogue/demo-single'],
  ])('returns to %j %s', (segments, search, back) => {
    expect(externalSignInUrl(template, 'https://shop.example.com', '/vogue/demo-single', segments, search)).toBe(
      `https://id.example.com/sign-in?return=${encodeURIComponent(back)}`,
    );
  });
});

describe('externalAccountSignInUrl', () => {
  it('returns to the account page asked for, as an absolute address', () => {
    expect(externalAccountSignInUrl(template, 'https://shop.example.com', '/account/subscriptions?x=1')).toBe(
      `https://id.example.com/sign-in?return=${encodeURIComponent('https://shop.example.com/account/subscriptions?x=1')}`,
    );
  });
});
