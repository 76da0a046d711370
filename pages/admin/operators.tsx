import { OperatorsPanel } from '@/components/backoffice/OperatorsPanel';

export { operatorsPageProps as getServerSideProps } from '@/lib/server/ssr/backoffice/backOfficeHomePage';
export default OperatorsPanel;
