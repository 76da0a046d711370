import { JobsView } from '@/components/backoffice/JobsView';
import { jobsPageProps } from '@/lib/server/ssr/backoffice/jobsPage';
import { withPageWords } from '@/lib/server/i18n/withPageWords';

export const getServerSideProps = withPageWords(jobsPageProps);

export default JobsView;
