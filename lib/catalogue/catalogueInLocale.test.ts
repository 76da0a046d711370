import { describe, expect, it } from 'vitest';
import { flowFixture, offerFixture } from '@/tests/fixtures/flows';
import { addOnsInLocale, flowInLocale, readsCatalogueIn } from './catalogueInLocale';

describe('the catalogue in a page language', () => {
  const plan = offerFixture({
    name: 'Digital',
    description: 'The New Yorker Digital: one year, in Canada',
    features: ['Unlimited access'],
    savingBadge: 'Save $51',
    image: { src: '/offer-images/a.svg', alt: 'A tablet and a phone', width: 320, height: 180 },
  });
  const flow = flowFixture([plan], { locale: 'en-CA' });

  it('shows the catalogue as written on a page in its language, whatever the country', () => {
    expect(readsCatalogueIn('en-CA', 'en-US')).toBe(true);
    expect(flowInLocale(flow, 'en-CA')).toBe(flow);
    expect(flowInLocale(flow, 'en-US')).toBe(flow);
  });

  it('shows no sentence of it on a page in another language, naming an offer by its brand and name', () => {
    const french = flowInLocale(flow, 'fr-CA');
    const [offer] = french.data.pageData.plans;
    expect(offer).toMatchObject({
      name: 'Digital',
      description: `${plan.brand.name} Digital`,
      features: [],
      savingBadge: null,
      image: { src: '/offer-images/a.svg', alt: '', width: 320, height: 180 },
    });
    expect(french.data.brandIdentity.tagline).toBe('');
    expect(french.locale).toBe('en-CA');
    expect(flow.data.pageData.plans[0]!.description).toBe('The New Yorker Digital: one year, in Canada');
    expect(addOnsInLocale(flow, [plan], 'fr-CA')[0]!.description).toBe(`${plan.brand.name} Digital`);
    expect(addOnsInLocale(flow, [plan], 'en-CA')[0]).toBe(plan);
  });

  it("shows the words translated for the page's locale, and none it has no translation of", () => {
    const translated = offerFixture({
      ...plan,
      translations: { 'fr-CA': { description: 'The New Yorker en numérique : un an, au Canada', features: ['Accès illimité'] } },
    });
    const bilingual = flowFixture([translated], { locale: 'en-CA' });
    const [french] = flowInLocale(bilingual, 'fr-CA').data.pageData.plans;
    expect(french).toMatchObject({
      description: 'The New Yorker en numérique : un an, au Canada',
      features: ['Accès illimité'],
      savingBadge: null,
      image: { alt: '' },
    });
    // No page is sent an offer's translations, in whatever language it is.
    expect(french).not.toHaveProperty('translations');
    const [english] = flowInLocale(bilingual, 'en-CA').data.pageData.plans;
    expect(english).not.toHaveProperty('translations');
    expect(english!.description).toBe('The New Yorker Digital: one year, in Canada');
    expect(addOnsInLocale(bilingual, [translated], 'fr-CA')[0]!.features).toEqual(['Accès illimité']);
  });
});
