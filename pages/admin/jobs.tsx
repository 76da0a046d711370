import { JobsView } from '@/components/backoffice/JobsView';

export { jobsPageProps as getServerSideProps } from '@/lib/server/ssr/backoffice/jobsPage';
export default JobsView;
