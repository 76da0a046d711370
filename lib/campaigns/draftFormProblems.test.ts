import { describe, expect, it } from 'vitest';
import { draftToForm, formToDraft } from './draftForm';
import { updateCoupon } from './draftFormEdits';
import {
  batchControl,
  controlOf,
  couponControl,
  groupProblems,
  latestVersionOf,
  offerControl,
  offerTranslationControl,
  placeProblems,
  problemsByField,
} from './draftFormProblems';
import { draft, singleUse } from '@/tests/fixtures/draftForm';

describe('problems', () => {
  it('splits each detail at its first ": ", a detail without a field under ""', () => {
    const problems = problemsByField([
      'flow.headline: must not be empty',
      'offers.1.totalAmount: must be a whole number of cents',
      'offers.1.totalAmount: must not be negative',
      'coupons.0.code: must be 3 to 32 upper-case letters or digits: "a b"',
      ': checkoutFlows.4.urlSlug: duplicates "vogue/winter"',
      'The catalogue changed: try again',
      'no field at all',
      'latestVersion: 5',
    ]);
    expect(Object.fromEntries(problems)).toEqual({
      'flow.headline': ['must not be empty'],
      'offers.1.totalAmount': ['must be a whole number of cents', 'must not be negative'],
      'coupons.0.code': ['must be 3 to 32 upper-case letters or digits: "a b"'],
      '': ['checkoutFlows.4.urlSlug: duplicates "vogue/winter"', 'The catalogue changed: try again', 'no field at all'],
      latestVersion: ['5'],
    });
    expect(latestVersionOf(['latestVersion: 5'])).toBe(5);
    expect(latestVersionOf(['flow.headline: must not be empty'])).toBeNull();
  });

  it('places each beside the control showing it, in the form the draft was sent from; the rest in words', () => {
    const form = draftToForm(draft());
    const [print, digital, tote] = form.offers;
    const placed = placeProblems(
      problemsByField([
        'flow.urlSlug: must be lower-case letters',
        'flow.plans.1: must name a plan offer of brand "vogue", not "1001"',
        'offers.0.totalAmount: must not be negative',
        'offers.1.image.src: must be a path on this site',
        'offers.1.features.2: must not be empty',
        'offers.1.trialOffer: is wrong',
        'offers.2.parentOfferId: must name a plan offer',
        'offers.2.uuid: duplicates',
        'coupons.0.validUntil: must be after validFrom',
        'coupons.0.scope: must name brands',
        'isDefault: must be the urlSlug',
        'flow.plans: must name at most 2 offers',
        'latestVersion: 5',
        'Something about the whole draft',
      ]),
      form,
    );
    expect(Object.fromEntries(placed.beside)).toEqual({
      'flow.urlSlug': ['must be lower-case letters'],
      [offerControl(digital!.key, 'onPage')]: ['must name a plan offer of brand "vogue", not "1001"'],
      [offerControl(print!.key, 'price')]: ['must not be negative'],
      [offerControl(digital!.key, 'imageSrc')]: ['must be a path on this site'],
      [offerControl(digital!.key, 'features')]: ['must not be empty'],
      [offerControl(digital!.key, 'trialDays')]: ['is wrong'],
      [offerControl(tote!.key, 'parentOfferId')]: ['must name a plan offer'],
      [`coupon.${form.coupons[0]!.key}.validUntil`]: ['must be after validFrom'],
      isDefault: ['must be the urlSlug'],
    });
    expect(placed.elsewhere).toEqual([
      'Offer 3 (Vogue Tote), uuid: duplicates',
      'Coupon 1 (WINTER10), scope: must name brands',
      'The offers sold on the page: must name at most 2 offers',
      'Something about the whole draft',
    ]);
    expect(controlOf('offers.7.name', form)).toBeNull();
  });

  it('places a coupon’s scope problems, the server’s and the form’s own, beside the controls of its plans and its other campaigns', () => {
    let form = draftToForm(draft());
    const key = form.coupons[0]!.key;
    form = updateCoupon(form, key, { scope: { plansOnly: true, plans: [], otherOffers: [], otherCampaigns: 'gq spring' } });
    const result = formToDraft(form);
    const own = placeProblems(groupProblems(result.ok ? [] : result.problems), form);
    expect(Object.fromEntries(own.beside)).toEqual({
      [couponControl(key, 'otherCampaigns')]: ['Enter campaign ids such as vogue-spring, separated by commas'],
      [couponControl(key, 'plans')]: ['Tick at least one plan, or choose every plan'],
    });
    const placed = placeProblems(
      problemsByField([
        'coupons.0.scope.campaigns.1: names unknown campaign "gq-sprung"',
        'coupons.0.scope.offers.0: names unknown plan offer "1009"',
        'coupons.0.scope.brands.0: names unknown brand "voque"',
      ]),
      form,
    );
    expect(Object.fromEntries(placed.beside)).toEqual({
      [couponControl(key, 'otherCampaigns')]: ['names unknown campaign "gq-sprung"'],
      [couponControl(key, 'plans')]: ['names unknown plan offer "1009"'],
    });
    // No control shows the brands it was scoped to: they are kept as they came.
    expect(placed.elsewhere).toEqual(['Coupon 1 (WINTER10), scope.brands.0: names unknown brand "voque"']);
  });

  it('places every problem of a batch’s codes at the batch, each once and with its field, and numbers coupons without it', () => {
    const batched = draftToForm({
      ...draft(),
      coupons: [singleUse('PARTNERAB12CD34EF'), singleUse('PARTNERZZ98YX76WV'), ...draft().coupons],
    });
    const placed = placeProblems(
      problemsByField([
        'coupons.0.percentOff: must be at most 100',
        'coupons.1.percentOff: must be at most 100',
        'coupons.1.code: duplicates "PARTNERZZ98YX76WV"',
        'coupons.0.scope.campaigns.0: names no campaign',
        'coupons.2.scope: must name brands',
      ]),
      batched,
    );
    expect(Object.fromEntries(placed.beside)).toEqual({
      [batchControl('b1')]: [
        'Percent off: must be at most 100',
        'Code: duplicates "PARTNERZZ98YX76WV"',
        'scope.campaigns.0: names no campaign',
      ],
    });
    // The coupon after the batch is the first shown on its own.
    expect(placed.elsewhere).toEqual(['Coupon 1 (WINTER10), scope: must name brands']);
    expect(controlOf('coupons.1.anything', batched)).toBe(batchControl('b1'));
  });

  it('places a translated word’s problem beside it, a bad locale at its language, and those of a language not shown in words', () => {
    const saved = draft();
    let form = draftToForm({ ...saved, flow: { ...saved.flow, locale: 'en-CA' } });
    const [print, digital, tote] = form.offers;
    const details = [
      'offers.1.translations.fr-CA.savingBadge: states 80%, more than the offer saves',
      'offers.1.translations.fr-CA.description: must not be empty',
      'offers.1.translations.fr-CA.features.12: must be at most 200 characters',
      'offers.1.translations.fr-CA.imageAlt: must be at most 200 characters',
      'offers.2.translations.fr-CA.imageAlt: must be at most 200 characters',
      'offers.0.translations.fr-CA: Unrecognized key: "tagline"',
      'offers.0.translations.fr-ca: is keyed by a locale that must be a language and region',
      'offers.0.translations.de-CH.savingBadge: states 80%',
      'offers.0.translations: expected record',
    ];
    const placed = placeProblems(problemsByField(details), form);
    expect(Object.fromEntries(placed.beside)).toEqual({
      [offerTranslationControl(digital!.key, 'fr-CA', 'savingBadge')]: ['states 80%, more than the offer saves'],
      [offerTranslationControl(digital!.key, 'fr-CA', 'description')]: ['must not be empty'],
      [offerTranslationControl(digital!.key, 'fr-CA', 'features')]: ['must be at most 200 characters'],
      [offerTranslationControl(digital!.key, 'fr-CA', 'imageAlt')]: ['must be at most 200 characters'],
      // The tote has no picture, whose text is then not shown: its language's group says it.
      [offerTranslationControl(tote!.key, 'fr-CA')]: ['must be at most 200 characters'],
      [offerTranslationControl(print!.key, 'fr-CA')]: ['Unrecognized key: "tagline"'],
    });
    expect(placed.elsewhere).toEqual([
      'Offer 1 (Vogue Print), translations.fr-ca: is keyed by a locale that must be a language and region',
      'Offer 1 (Vogue Print), translations.de-CH.savingBadge: states 80%',
      'Offer 1 (Vogue Print), translations: expected record',
    ]);
    // A campaign that offers no French shows none: its problems are in words.
    form = { ...form, flow: { ...form.flow, locale: 'en-US' } };
    expect(controlOf('offers.1.translations.fr-CA.savingBadge', form)).toBeNull();
    // Nor does one in its brand's language until the form is told the brand's.
    const branded = { ...form, flow: { ...form.flow, locale: '' } };
    expect(controlOf('offers.1.translations.fr-CA.savingBadge', branded)).toBeNull();
    expect(controlOf('offers.1.translations.fr-CA.savingBadge', { ...branded, brandLocale: 'en-CA' })).toBe(
      offerTranslationControl(digital!.key, 'fr-CA', 'savingBadge'),
    );
  });
});
