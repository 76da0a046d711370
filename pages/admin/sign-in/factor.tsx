import { OperatorFactorPage } from '@/components/backoffice/OperatorSignInPages';

export { factorPageProps as getServerSideProps } from '@/lib/server/ssr/backoffice/operatorSignInPages';
export default OperatorFactorPage;
