import { AuditLogView } from '@/components/backoffice/AuditLogView';
import { auditPageProps } from '@/lib/server/ssr/backoffice/backOfficeHomePage';
import { withPageWords } from '@/lib/server/i18n/withPageWords';

export const getServerSideProps = withPageWords(auditPageProps);

export default AuditLogView;
