import { FunnelReportPage } from '@/components/admin/FunnelReportPage';
import type { FunnelReportPageProps } from '@/lib/reports/funnelReportView';

export { getServerSideProps } from '@/lib/server/ssr/funnelReportPage';

export default function FunnelReport(props: FunnelReportPageProps) {
  return <FunnelReportPage {...props} />;
}
