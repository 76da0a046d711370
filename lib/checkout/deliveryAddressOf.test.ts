import { describe, expect, it } from 'vitest';
import { deliveryAddressOf } from './deliveryAddressOf';

const billing = { country: 'US', region: 'TX', address: { line1: '1 Congress Ave', city: 'Austin', postalCode: '78701' } };

describe('deliveryAddressOf', () => {
  it('is the billing address, in the billing country and state, when no other was given', () => {
    expect(deliveryAddressOf(billing)).toEqual({
      line1: '1 Congress Ave',
      city: 'Austin',
      postalCode: '78701',
      country: 'US',
      region: 'TX',
    });
  });

  it('is the delivery address with its own country and state', () => {
    const deliveryAddress = { line1: '4 Times Sq', city: 'New York', postalCode: '10036', country: 'US', region: 'NY' };
    expect(deliveryAddressOf({ ...billing, deliveryAddress })).toEqual(deliveryAddress);
    const berlin = { line1: 'Unter den Linden 1', city: 'Berlin', postalCode: '10117', country: 'DE' };
    expect(deliveryAddressOf({ ...billing, deliveryAddress: berlin })).toEqual(berlin);
  });

  it('puts a delivery address kept without a country in the billing country and state', () => {
    const deliveryAddress = { line1: '4 Times Sq', city: 'New York', postalCode: '10036' };
    expect(deliveryAddressOf({ ...billing, deliveryAddress })).toEqual({ ...deliveryAddress, country: 'US', region: 'TX' });
  });

  it('is none without an address (a digital order)', () => {
    expect(deliveryAddressOf({ country: 'US', region: 'TX' })).toBeNull();
  });
});
