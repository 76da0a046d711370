import type { GetServerSidePropsContext } from 'next';
import type { BackOfficeRefusal } from '@/lib/operators/backOfficeViews';
import type { CareCustomerPageProps, CareSearchPageProps } from '@/lib/operators/careViews';
import { careSearch, careView } from '@/lib/server/care/careReads';
import { careSearchQuery, subscriptionIdQuery } from '@/lib/server/care/careSchemas';
import { HttpError } from '@/lib/server/http/HttpError';
import { backOfficePage, operatorView } from './backOfficePage';
import { pageI18n } from '@/lib/server/i18n/pageI18n';
import { DEFAULT_LOCALE } from '@/lib/i18n/locales';

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** Care's reads refused past the operator's hourly ceiling (careReads.ts): the page says so, with the status. */
async function orRefusal<P>(context: GetServerSidePropsContext, read: () => Promise<P>): Promise<P | BackOfficeRefusal> {
  try {
    return await read();
  } catch (error) {
    if (!(error instanceof HttpError) || error.status !== 429) throw error;
    context.res.statusCode = 429;
    if (error.retryAfterSeconds) context.res.setHeader('Retry-After', String(error.retryAfterSeconds));
    return { kind: 'refused', status: 429, title: 'Too many customers looked up', message: error.message };
  }
}

/** /admin/care?q=…: the search form, and what it found (care and admins); limited and audited as the API's. */
export const careSearchPageProps = (context: GetServerSidePropsContext) =>
  backOfficePage<CareSearchPageProps | BackOfficeRefusal>(context, 'care', async (caller, server) => {
    const typed = first(context.query.q) ?? '';
    const parsed = careSearchQuery.safeParse({ q: typed });
    if (!parsed.success) {
      return {
        operator: operatorView(caller.operator),
        query: typed.trim().slice(0, 254),
        hits: null,
        // Before a search there is nothing to say; after one, why it was not searched.
        problem: typed.trim() === '' ? null : (parsed.error.issues[0]?.message ?? null),
      };
    }
    return orRefusal(context, async () => ({
      operator: operatorView(caller.operator),
      query: parsed.data.q,
      hits: await careSearch(server, caller, parsed.data.q),
      problem: null,
    }));
  });

/** /admin/care/{subscriptionId}: one subscription, its customer's payments, e-mails and history, and care's actions. */
export const careCustomerPageProps = (context: GetServerSidePropsContext) =>
  backOfficePage<CareCustomerPageProps | BackOfficeRefusal>(context, 'care', async (caller, server) => {
    const parsed = subscriptionIdQuery.safeParse({ id: first(context.query.subscriptionId) });
    return orRefusal(context, async () => {
      const customer = parsed.success ? await careView(server, caller, parsed.data.id) : null;
      if (!customer) {
        context.res.statusCode = 404;
        return {
          kind: 'refused' as const,
          status: 404,
          title: 'No such subscription',
          message: 'There is no subscription with this id. Search again on /admin/care.',
        };
      }
      // The change of delivery address asks for an address as the checkout does, in its words.
      return { operator: operatorView(caller.operator), customer, i18n: pageI18n(DEFAULT_LOCALE, ['payment']) };
    });
  });
