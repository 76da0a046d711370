import { describe, expect, it } from 'vitest';
import { offerIdsAbove, withOfferIds } from './newOfferIds';

describe('withOfferIds', () => {
  it('gives each new offer an id above every one taken, and its placeholder everywhere follows', () => {
    const uuids = ['u-1', 'u-2'];
    const draft = withOfferIds(
      {
        flow: { plans: ['new-2', '1001', 'new-1'] },
        offers: [
          { id: 'new-1', uuid: '' },
          { id: '1001', uuid: 'kept' },
          { id: 'new-2', uuid: '' },
          { id: 'new-3', uuid: '', parentOfferId: 'new-1' },
        ],
        coupons: [
          { code: 'A', scope: { campaigns: ['c'], offers: ['new-2'] } },
          { code: 'B', scope: 'all' },
        ],
        isDefault: false,
      },
      offerIdsAbove(['1001', '5001', 'not-a-number']),
      () => uuids.shift() ?? 'u-more',
    );
    expect(draft.offers.map((offer) => offer.id)).toEqual(['5002', '1001', '5003', '5004']);
    expect(draft.offers.map((offer) => offer.uuid)).toEqual(['u-1', 'kept', 'u-2', 'u-more']);
    expect(draft.flow.plans).toEqual(['5003', '1001', '5002']);
    expect(draft.offers[3]!.parentOfferId).toBe('5002');
    expect(draft.coupons[0]!.scope).toEqual({ campaigns: ['c'], offers: ['5003'] });
    expect(draft.coupons[1]!.scope).toBe('all');
  });
});
