// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { rememberOrderTracking, takeOrderTracking } from './orderTracking';

const marketing = { firstParty: true, otherBrands: false, thirdParty: false, newsletter: true };

beforeEach(() => window.sessionStorage.clear());

describe('order tracking between submit and the success page', () => {
  it('is taken once: a second take (a reload of the success page) finds nothing', () => {
    rememberOrderTracking('c1', { marketing });
    expect(takeOrderTracking('c2')).toBeNull();
    expect(takeOrderTracking('c1')).toEqual({ marketing });
    expect(takeOrderTracking('c1')).toBeNull();
  });

  it.each(['not json', '{"marketing":{"firstParty":"yes"}}', '{}'])('reads %j as nothing, and removes it', (raw) => {
    window.sessionStorage.setItem('pj:order-tracking:c1', raw);
    expect(takeOrderTracking('c1')).toBeNull();
    expect(window.sessionStorage.getItem('pj:order-tracking:c1')).toBeNull();
  });
});
