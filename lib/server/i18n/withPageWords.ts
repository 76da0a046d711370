import type { GetServerSidePropsContext, GetServerSidePropsResult } from 'next';
import { DEFAULT_LOCALE } from '@/lib/i18n/locales';
import { pageI18n } from './pageI18n';

type Loader<P> = (context: GetServerSidePropsContext) => Promise<GetServerSidePropsResult<P>>;

/**
 * A page loader whose page gets the shell's words (`common`: loaders, the footer's links,
 * the test-mode banner) in English when its loader gave it none: the pages that stay English
 * (the back office, the QA mailbox, the sandbox's stand-in pages). Without them the shell
 * would show message ids. The subscriber's pages use withSubscriberWords.
 */
export function withPageWords<P extends object>(load: Loader<P>): Loader<P> {
  return async (context) => {
    const result = await load(context);
    if (!('props' in result)) return result;
    const props = await result.props;
    if ('i18n' in props) return { ...result, props };
    return { ...result, props: { ...props, i18n: pageI18n(DEFAULT_LOCALE, []) } };
  };
}
