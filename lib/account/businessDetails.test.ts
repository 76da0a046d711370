import { describe, expect, it } from 'vitest';
import type { BusinessDetails } from '@/lib/subscriptions/subscription';
import { checkBusiness } from './businessDetails';

const acme: BusinessDetails = { companyName: 'Acme GmbH', vatNumber: 'DE123456789', country: 'DE', vatStatus: 'verified' };

describe('checkBusiness', () => {
  it('keeps finance’s check while the VAT number stays, and asks again once it changes', () => {
    expect(checkBusiness({ companyName: ' Acme Holding GmbH ', vatNumber: 'de 123 456 789' }, acme)).toEqual({
      ok: true,
      business: { companyName: 'Acme Holding GmbH', vatNumber: 'DE123456789', country: 'DE', vatStatus: 'verified' },
    });
    expect(checkBusiness({ companyName: 'Acme GmbH', vatNumber: 'DE987654321' }, acme)).toEqual({
      ok: true,
      business: { companyName: 'Acme GmbH', vatNumber: 'DE987654321', country: 'DE', vatStatus: 'unverified' },
    });
    expect(checkBusiness({ companyName: 'Acme GmbH', vatNumber: '' }, acme)).toEqual({
      ok: true,
      business: { companyName: 'Acme GmbH', vatNumber: null, country: 'DE', vatStatus: null },
    });
  });

  it('refuses what the checkout refuses, each by its field', () => {
    expect(checkBusiness({ companyName: ' ', vatNumber: 'DE12' }, acme)).toEqual({
      ok: false,
      problems: {
        companyName: { id: 'payment.error.companyName.missing' },
        vatNumber: { id: 'payment.error.vatNumber.format', values: { example: 'DE123456789' } },
      },
    });
    expect(checkBusiness({ companyName: 'x'.repeat(121), vatNumber: 'DE123456789\n' }, acme)).toEqual({
      ok: false,
      problems: { companyName: { id: 'payment.error.companyName.tooLong' }, vatNumber: { id: 'payment.error.vatNumber.plainText' } },
    });
    const shop: BusinessDetails = { companyName: 'Corner Shop', vatNumber: null, country: 'US', vatStatus: null };
    expect(checkBusiness({ companyName: 'Corner Shop', vatNumber: 'DE123456789' }, shop)).toEqual({
      ok: false,
      problems: { vatNumber: { id: 'payment.error.vatNumber.none' } },
    });
  });
});
