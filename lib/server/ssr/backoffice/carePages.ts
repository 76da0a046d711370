import type { GetServerSidePropsContext } from 'next';
import type { BackOfficeRefusal } from '@/lib/operators/backOfficeViews';
import type { CareCustomerPageProps, CareSearchPageProps } from '@/lib/operators/careViews';
import { CareDirectory } from '@/lib/server/care/CareDirectory';
import { careSearchQuery, subscriptionIdQuery } from '@/lib/server/care/careSchemas';
import { backOfficePage, operatorView } from './backOfficePage';

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** /admin/care?q=…: the search form, and what it found (care and admins). */
export const careSearchPageProps = (context: GetServerSidePropsContext) =>
  backOfficePage<CareSearchPageProps>(context, 'care', async ({ operator }, server) => {
    const parsed = careSearchQuery.safeParse({ q: first(context.query.q) ?? '' });
    return {
      operator: operatorView(operator),
      query: parsed.success ? parsed.data.q : '',
      hits: parsed.success ? await new CareDirectory(server.db, server.clock).search(parsed.data.q) : null,
    };
  });

/** /admin/care/{subscriptionId}: one subscription, its customer's payments, e-mails and history, and care's actions. */
export const careCustomerPageProps = (context: GetServerSidePropsContext) =>
  backOfficePage<CareCustomerPageProps | BackOfficeRefusal>(context, 'care', async ({ operator }, server) => {
    const parsed = subscriptionIdQuery.safeParse({ id: first(context.query.subscriptionId) });
    const customer = parsed.success ? await new CareDirectory(server.db, server.clock).customer(parsed.data.id) : null;
    if (!customer) {
      context.res.statusCode = 404;
      return {
        kind: 'refused',
        status: 404,
        title: 'No such subscription',
        message: 'There is no subscription with this id. Search again on /admin/care.',
      };
    }
    return { operator: operatorView(operator), customer };
  });
