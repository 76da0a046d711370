import { describe, expect, it } from 'vitest';
import { chooseOffer, withLocation, withPromoCode } from '@/lib/cart/cartSelection';
import { flowFixture } from '@/tests/fixtures/flows';
import { quoteRequestFor } from './quoteRequestFor';

describe('quoteRequestFor', () => {
  const flow = flowFixture(undefined, { brand_slug: 'newyorker', url_slug: 'demo-ca', locale: 'en-CA' });
  const selection = withLocation(withPromoCode(chooseOffer('2201'), 'SAVE20'), 'CA', 'QC');

  it('asks for the selection, its location only where asked, and the mode only when it is a test', () => {
    expect(quoteRequestFor(flow, selection)).toEqual({
      brand: 'newyorker',
      urlSlug: 'demo-ca',
      offerId: '2201',
      addOnIds: [],
      couponCode: 'SAVE20',
    });
    expect(quoteRequestFor(flow, selection, { withLocation: true, livemode: false, couponCode: null })).toEqual({
      brand: 'newyorker',
      urlSlug: 'demo-ca',
      offerId: '2201',
      addOnIds: [],
      country: 'CA',
      region: 'QC',
      livemode: false,
    });
    expect(quoteRequestFor(flow, null)).toBeNull();
  });

  it("names the page's language only when it is not the campaign's, so that an English or German request stays as it was", () => {
    expect(quoteRequestFor(flow, selection, { locale: 'en-CA' })).not.toHaveProperty('locale');
    expect(quoteRequestFor(flow, selection, { locale: 'fr-CA' })).toMatchObject({ locale: 'fr-CA' });
  });
});
