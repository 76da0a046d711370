import { describe, expect, it } from 'vitest';
import { isPostalCodeOf } from '@/lib/geo/postalCodes';
import { contactIn, SANDBOX_WALLET_CONTACTS } from './sandboxWallets';

describe('the sandbox wallets’ stored contacts', () => {
  const ada = SANDBOX_WALLET_CONTACTS['apple-pay'][0]!;

  it('keep their postal code where it has the shape of the country the order is priced for', () => {
    expect(contactIn(ada, 'US')).toBe(ada);
    expect(contactIn(ada, 'DE')).toBe(ada);
  });

  it('take that country’s example where it has not, so that a print order can be paid with them anywhere', () => {
    expect(contactIn(ada, 'GB')).toEqual({ ...ada, postalCode: 'EC1Y 8SY' });
    expect(contactIn(ada, 'CA')).toEqual({ ...ada, postalCode: 'H3Z 2Y7' });
    for (const contacts of Object.values(SANDBOX_WALLET_CONTACTS))
      for (const contact of contacts)
        for (const country of ['US', 'CA', 'GB', 'DE', 'FR', 'AT', 'IE'])
          expect(isPostalCodeOf(country, contactIn(contact, country).postalCode)).toBe(true);
  });
});
