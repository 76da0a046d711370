import { FunnelReportPage } from '@/components/admin/FunnelReportPage';
import type { FunnelReportPageProps } from '@/lib/reports/funnelReportView';
import { getServerSideProps as loadPage } from '@/lib/server/ssr/funnelReportPage';
import { withPageWords } from '@/lib/server/i18n/withPageWords';

export const getServerSideProps = withPageWords(loadPage);

export default function FunnelReport(props: FunnelReportPageProps) {
  return <FunnelReportPage {...props} />;
}
