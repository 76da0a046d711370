import type { GetServerSidePropsContext } from 'next';
import { describe, expect, it } from 'vitest';
import { linkedReader, subscriberI18n, withSubscriberWords } from './subscriberWords';

const asked = (query: GetServerSidePropsContext['query']) => ({ query }) as GetServerSidePropsContext;

describe('linkedReader', () => {
  it('reads the locale a link names, in its canonical form', () => {
    expect(linkedReader({ lang: 'de-de' })).toEqual({ locale: 'de-DE' });
    expect(linkedReader({ lang: 'fr-CA' })).toEqual({ locale: 'fr-CA' });
  });

  it('ignores a missing, repeated, untranslated or malformed one', () => {
    for (const lang of [undefined, ['de-DE', 'fr-FR'], 'es-ES', 'de', '<b>'])
      expect(linkedReader(lang === undefined ? {} : { lang })).toBeNull();
  });
});

describe('withSubscriberWords', () => {
  it('gives a page without words those of the locale its link names, with the subscriber namespaces', async () => {
    const result = await withSubscriberWords(async () => ({ props: { brand: null } }))(asked({ lang: 'de-DE' }));
    expect(result).toEqual({ props: { brand: null, i18n: subscriberI18n({ locale: 'de-DE' }) } });
    expect(subscriberI18n({ locale: 'de-DE' }).messages['common.subscriberLinks.cancel']).toBeDefined();
  });

  it('speaks English without a link locale, and keeps words and time zone a loader gave', async () => {
    const english = await withSubscriberWords(async () => ({ props: {} }))(asked({}));
    expect('props' in english && english.props).toEqual({ i18n: subscriberI18n(null) });
    const reader = subscriberI18n({ locale: 'fr-FR', timeZone: 'Europe/Paris' });
    expect(reader.timeZone).toBe('Europe/Paris');
    expect(await withSubscriberWords(async () => ({ props: { i18n: reader } }))(asked({ lang: 'de-DE' }))).toEqual({
      props: { i18n: reader },
    });
  });
});
