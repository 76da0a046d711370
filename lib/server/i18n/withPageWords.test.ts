import type { GetServerSidePropsContext } from 'next';
import { describe, expect, it } from 'vitest';
import { pageI18n } from './pageI18n';
import { withPageWords } from './withPageWords';

const context = {} as GetServerSidePropsContext;

describe('withPageWords', () => {
  it("gives a page without words the shell's English ones", async () => {
    const result = await withPageWords(async () => ({ props: { email: 'ada@example.com' } }))(context);
    expect(result).toEqual({ props: { email: 'ada@example.com', i18n: pageI18n('en-US', []) } });
    expect(Object.keys(pageI18n('en-US', []).messages)).toContain('common.cookieSettings');
  });

  it('keeps the words a loader gave, and passes redirects and not-found through', async () => {
    const german = pageI18n('de-DE', []);
    expect(await withPageWords(async () => ({ props: { i18n: german } }))(context)).toEqual({ props: { i18n: german } });
    expect(await withPageWords(async () => ({ notFound: true }))(context)).toEqual({ notFound: true });
    const redirect = { redirect: { destination: '/account', permanent: false } };
    expect(await withPageWords(async () => redirect)(context)).toEqual(redirect);
  });
});
