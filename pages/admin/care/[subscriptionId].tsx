import { CareCustomerPanel } from '@/components/backoffice/CareCustomerPanel';

export { careCustomerPageProps as getServerSideProps } from '@/lib/server/ssr/backoffice/carePages';
export default CareCustomerPanel;
