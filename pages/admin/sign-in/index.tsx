import { OperatorSignInPage } from '@/components/backoffice/OperatorSignInPages';

export { signInPageProps as getServerSideProps } from '@/lib/server/ssr/backoffice/operatorSignInPages';
export default OperatorSignInPage;
