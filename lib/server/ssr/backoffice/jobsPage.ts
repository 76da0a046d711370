import type { GetServerSidePropsContext } from 'next';
import type { BackOfficeRefusal } from '@/lib/operators/backOfficeViews';
import type { JobsPageProps } from '@/lib/operators/jobViews';
import { jobsOverview } from '@/lib/server/jobs/jobsOverview';
import { backOfficePage, operatorView } from './backOfficePage';

/** /admin/jobs: the background jobs, how their last runs went and what waits for them (admins). */
export const jobsPageProps = (context: GetServerSidePropsContext) =>
  backOfficePage<JobsPageProps | BackOfficeRefusal>(context, 'admin', async (caller, server) => ({
    operator: operatorView(caller.operator),
    ...(await jobsOverview(server)),
  }));
