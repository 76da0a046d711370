import { describe, expect, it } from 'vitest';
import { initiatePathFor } from './initiatePath';

describe('initiatePathFor', () => {
  it.each([
    ['/epicurious/demo-preauth', '/epicurious/demo-preauth/auth/initiate'],
    ['/epicurious/demo-preauth?livemode=false&source=x', '/epicurious/demo-preauth/auth/initiate?livemode=false&source=x'],
    ['/epicurious/demo-preauth/cart?source=x', '/epicurious/demo-preauth/auth/initiate/cart?source=x'],
    ['/epicurious/demo-preauth/credit-card#top', '/epicurious/demo-preauth/auth/initiate/credit-card'],
  ])('%s → %s', (from, to) => {
    expect(initiatePathFor(from)).toBe(to);
  });
});
