import type { GetServerSidePropsContext, GetServerSidePropsResult } from 'next';
import { LANG_PARAMETER } from '@/lib/i18n/langLink';
import { DEFAULT_LOCALE, parseLocale } from '@/lib/i18n/locales';
import { ACCOUNT_NAMESPACES, type Namespace } from '@/lib/i18n/namespaces';
import type { PageI18n } from '@/lib/i18n/pageI18n';
import { pageI18n } from './pageI18n';

/** Whom a subscriber's page speaks to: the locale and time zone kept with their subscription or order. */
export interface Reader {
  locale: string;
  timeZone?: string;
}

type Loader<P> = (context: GetServerSidePropsContext) => Promise<GetServerSidePropsResult<P>>;

/**
 * The locale a link to a subscriber's page names (`?lang=de-DE`, from a campaign's footer),
 * or null. A tag the catalogues do not speak, or one that is not a tag, is no reason to
 * refuse a page that lets someone cancel: it opens in the default locale.
 */
export function linkedReader(query: GetServerSidePropsContext['query']): Reader | null {
  const asked = query[LANG_PARAMETER];
  const locale = typeof asked === 'string' ? parseLocale(asked) : null;
  return locale ? { locale } : null;
}

/** The words of a subscriber's page for `reader` (the default locale when none), with the namespaces those pages share. */
export function subscriberI18n(reader: Reader | null, extra: readonly Namespace[] = []): PageI18n {
  return pageI18n(reader?.locale ?? DEFAULT_LOCALE, [...ACCOUNT_NAMESPACES, ...extra], reader?.timeZone);
}

/**
 * A subscriber's page loader (the account, cancelling, withdrawing, undoing a purchase): a
 * loader that knows the record the page is about gives its reader's words itself; any other
 * page speaks the locale its link names.
 */
export function withSubscriberWords<P extends object>(load: Loader<P>): Loader<P> {
  return async (context) => {
    const result = await load(context);
    if (!('props' in result)) return result;
    const props = await result.props;
    if ('i18n' in props) return { ...result, props };
    return { ...result, props: { ...props, i18n: subscriberI18n(linkedReader(context.query)) } };
  };
}
