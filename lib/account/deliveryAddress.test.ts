import { describe, expect, it } from 'vitest';
import { checkAddress, movedAddress } from './deliveryAddress';

describe('checkAddress', () => {
  it('gives a good address to send, trimmed, in its country', () => {
    expect(checkAddress({ region: '', line1: ' 1 Main St ', city: 'Springfield', postalCode: '12345' }, 'DE')).toEqual({
      ok: true,
      address: { line1: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'DE' },
    });
    expect(checkAddress({ region: 'NY', line1: '4 Times Sq', city: 'New York', postalCode: '10036' }, 'US')).toEqual({
      ok: true,
      address: { line1: '4 Times Sq', city: 'New York', postalCode: '10036', country: 'US', region: 'NY' },
    });
  });

  it('gives each field its first problem, in the account’s words the checkout says in English alike', () => {
    const checked = checkAddress({ region: '', line1: '', city: 'x'.repeat(81), postalCode: '#1' }, 'US');
    const problems = checked.ok ? {} : checked.problems;
    expect(problems).toEqual({
      region: { id: 'payment.error.region.state' },
      line1: { id: 'payment.error.line1.missing' },
      city: { id: 'payment.error.city.tooLong' },
      postalCode: { id: 'payment.error.postalCode.invalid' },
    });
  });

  it("refuses a postal code not of the country's shape, naming an example", () => {
    const checked = checkAddress({ region: 'TX', line1: '1 Main St', city: 'Austin', postalCode: 'ABC' }, 'US');
    expect(checked.ok ? null : checked.problems.postalCode).toEqual({
      id: 'payment.error.postalCode.formatZip',
      values: { example: '95014' },
    });
  });
});

describe('movedAddress', () => {
  const austin = { line1: '1 Congress Ave', city: 'Austin', postalCode: '78701', country: 'US', region: 'TX' };
  const newYork = { line1: '4 Times Sq', city: 'New York', postalCode: '10036', country: 'US', region: 'NY' };

  it('moves within the country, to another state', () => {
    expect(movedAddress(newYork, austin)).toEqual({ ok: true, address: newYork });
  });

  it('keeps the country, and the state unless another is sent, of an address sent without them (an API client from before)', () => {
    const { country: _us, region: _ny, ...bare } = newYork;
    expect(movedAddress(bare, austin)).toEqual({ ok: true, address: { ...bare, country: 'US', region: 'TX' } });
    expect(movedAddress({ ...bare, region: 'NY' }, austin)).toEqual({ ok: true, address: newYork });
  });

  it('refuses a move abroad, and an address its country would not take', () => {
    const berlin = { line1: 'Unter den Linden 1', city: 'Berlin', postalCode: '10117', country: 'DE' };
    expect(movedAddress(berlin, austin)).toMatchObject({ ok: false, code: 'country_change' });
    expect(movedAddress({ ...newYork, region: '' }, austin)).toEqual({ ok: false, code: 'invalid_address', message: 'Choose your state.' });
    expect(movedAddress({ ...newYork, postalCode: 'ABC' }, austin)).toEqual({
      ok: false,
      code: 'invalid_address',
      message: 'Enter a valid ZIP code, such as 95014.',
    });
  });
});
