import { AuditLogView } from '@/components/backoffice/AuditLogView';

export { auditPageProps as getServerSideProps } from '@/lib/server/ssr/backoffice/backOfficeHomePage';
export default AuditLogView;
