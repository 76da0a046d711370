import { describe, expect, it } from 'vitest';
import { providerUnavailableMessage } from './providerOutage';

describe('providerUnavailableMessage', () => {
  it.each([
    ['card', true, 'Card payments are unavailable right now. Nothing was charged. Try again in a few minutes, or pay with another method.'],
    ['card', false, 'Card payments are unavailable right now. Nothing was charged. Try again in a few minutes.'],
    ['paypal', true, 'PayPal is unavailable right now. Nothing was charged. Try again in a few minutes, or pay with another method.'],
    ['amazon-pay', false, 'Amazon Pay is unavailable right now. Nothing was charged. Try again in a few minutes.'],
  ] as const)('%s (another method: %s) → %j', (method, other, expected) => {
    expect(providerUnavailableMessage(method, other)).toBe(expected);
  });
});
