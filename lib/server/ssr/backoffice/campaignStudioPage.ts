import type { GetServerSidePropsContext } from 'next';
import type { BackOfficeRefusal } from '@/lib/operators/backOfficeViews';
import { parseStudioFilter } from '@/lib/campaigns/studioList';
import type { StudioListPageProps } from '@/lib/campaigns/studioViews';
import { studioCampaignList } from '@/lib/server/campaigns/studioCampaigns';
import { backOfficePage, operatorView } from './backOfficePage';

/**
 * /admin/campaigns: every campaign by brand, with its state, dates and today's orders
 * (marketers and admins). The search and filters are the page's query, so that a reload or a
 * shared link shows the same list; a query that is not one is refused with 400.
 */
export const campaignStudioPageProps = (context: GetServerSidePropsContext) =>
  backOfficePage<StudioListPageProps | BackOfficeRefusal>(context, 'campaigns', async (caller, server) => {
    const parsed = parseStudioFilter(context.query);
    if (!parsed.ok) {
      context.res.statusCode = 400;
      return { kind: 'refused', status: 400, title: 'Not a filter of this list', message: parsed.message };
    }
    return { operator: operatorView(caller.operator), filter: parsed.filter, ...(await studioCampaignList(server)) };
  });
