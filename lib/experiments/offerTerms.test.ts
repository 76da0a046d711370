import { describe, expect, it } from 'vitest';
import type { CatalogueFile } from '@/lib/catalogue/catalogueFile';
import { plan } from '@/tests/fixtures/draftForm';
import { offerTermsChange } from './offerTerms';

type FileOffer = CatalogueFile['offers'][number];

const digital = plan('1001', 'Vogue Digital', {
  description: 'A year of Vogue',
  features: ['Unlimited access'],
  savingBadge: null,
  image: null,
}) as FileOffer;
const catalogue = [digital];

describe('offerTermsChange', () => {
  it('lets a variant sell the catalogue’s offers as they are, worded its own way', () => {
    expect(offerTermsChange(catalogue, [digital])).toEqual([]);
    expect(
      offerTermsChange(catalogue, [
        { ...digital, name: 'Vogue, all of it', description: 'Everything', features: [], savingBadge: 'Half price' },
      ]),
    ).toEqual([]);
  });

  it('lets a variant try a price on an offer of its own (a new plan)', () => {
    expect(offerTermsChange(catalogue, [digital, { ...digital, id: '1901', totalAmount: 3000, discountedAmount: null }])).toEqual([]);
  });

  it('takes a term left out as the null the catalogue holds', () => {
    const { discountedAmount: _left, trialDays: _out, ...without } = { ...digital, discountedAmount: null };
    expect(offerTermsChange([{ ...digital, discountedAmount: null }], [without as FileOffer])).toEqual([]);
  });

  it('refuses a known offer at other terms, naming each changed term, the offer and the way out', () => {
    expect(offerTermsChange(catalogue, [{ ...digital, totalAmount: 6000, discountedAmount: 3000, billingInterval: 'month' }])).toEqual([
      'changes totalAmount, discountedAmount, billingInterval of offer 1001 ("Vogue Digital"), which the catalogue sells as it is: give the new price a plan of its own',
    ]);
  });

  it.each<[string, Partial<FileOffer>]>([
    ['the currency', { currencyCode: 'EUR' }],
    ['the price', { totalAmount: 4999 }],
    ['the first period’s price', { discountedAmount: null }],
    ['the period', { billingInterval: 'month' }],
    ['a trial', { trialOffer: true, trialDays: 14 }],
  ])('counts %s as a term', (_case, change) => {
    const problems = offerTermsChange(catalogue, [{ ...digital, ...change }]);
    expect(problems).toHaveLength(1);
    for (const term of Object.keys(change)) expect(problems[0]).toContain(term);
  });

  it('says one line per offer changed, in the variant’s order', () => {
    const print: FileOffer = { ...digital, id: '1002', name: 'Vogue Print', totalAmount: 8999, discountedAmount: null };
    const problems = offerTermsChange([digital, print], [{ ...print, totalAmount: 7999 }, digital, { ...digital, totalAmount: 1 }]);
    expect(problems.map((problem) => problem.match(/offer (\d+)/)![1])).toEqual(['1002', '1001']);
  });
});
