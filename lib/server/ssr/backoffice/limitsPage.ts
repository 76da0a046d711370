import type { GetServerSidePropsContext } from 'next';
import type { BackOfficeRefusal } from '@/lib/operators/backOfficeViews';
import type { LimitsPageProps } from '@/lib/operators/limitViews';
import { limitLiftDepsOf, limitsOf } from '@/lib/server/limits/limitLifts';
import { limitsQuery } from '@/lib/server/limits/limitSubject';
import { backOfficePage, operatorView } from './backOfficePage';

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** /admin/limits?subject=…: the form, and the limits that count the address typed (care and admins). */
export const limitsPageProps = (context: GetServerSidePropsContext) =>
  backOfficePage<LimitsPageProps | BackOfficeRefusal>(context, 'care', async (caller, server) => {
    const typed = first(context.query.subject) ?? '';
    const operator = operatorView(caller.operator);
    const query = typed.trim().slice(0, 254);
    const parsed = limitsQuery.safeParse({ subject: typed });
    if (!parsed.success) {
      // Before a search there is nothing to say; after one, what to type.
      return { operator, query, found: null, problem: query === '' ? null : (parsed.error.issues[0]?.message ?? null) };
    }
    return { operator, query, found: await limitsOf(limitLiftDepsOf(server), parsed.data.subject), problem: null };
  });
