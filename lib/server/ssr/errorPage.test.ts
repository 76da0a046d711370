import { beforeAll, describe, expect, it } from 'vitest';
import { demoSnapshot } from '@/tests/fixtures/demoSnapshot';
import type { CatalogueSnapshot } from '@/lib/server/catalogue/CatalogueRepository';
import { errorBrandIn } from './errorPage';

let snapshot: CatalogueSnapshot;
beforeAll(async () => {
  snapshot = await demoSnapshot();
});

describe('errorBrandIn', () => {
  it.each([
    ['/vogue/demo-single/no-such-step', 'Vogue', '/vogue/demo-single'],
    ['/vogue/no-such-campaign', 'Vogue', '/vogue/demo-single'],
    ['/vogue', 'Vogue', '/vogue/demo-single'],
    ['/newyorker/demo-dual/cart/extra?livemode=false&source=mail', 'The New Yorker', '/newyorker/demo-dual?livemode=false&source=mail'],
    ['/wired/gone?livemode=false', 'WIRED', '/wired/demo-trial?livemode=false'],
  ])('%s: the look and name of %s, back to %s', (url, name, home) => {
    const brand = errorBrandIn(snapshot, url);
    expect(brand).toMatchObject({ name, home });
    expect(brand?.identity.primaryColor).toMatch(/^#[0-9a-f]{6}$/i);
  });

  it.each(['/', '/nothing', '/no-such-brand/demo-single', '/Vogue/demo-single', '/vog%C3%BCe/demo-single', '/404'])(
    '%s has no brand',
    (url) => {
      expect(errorBrandIn(snapshot, url)).toBeNull();
    },
  );
});
