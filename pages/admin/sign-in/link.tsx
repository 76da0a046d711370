import { OperatorLinkPage } from '@/components/backoffice/OperatorSignInPages';

export { linkPageProps as getServerSideProps } from '@/lib/server/ssr/backoffice/operatorSignInPages';
export default OperatorLinkPage;
