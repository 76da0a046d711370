import { OperatorSignInPage } from '@/components/backoffice/OperatorSignInPages';
import { signInPageProps } from '@/lib/server/ssr/backoffice/operatorSignInPages';
import { withPageWords } from '@/lib/server/i18n/withPageWords';

export const getServerSideProps = withPageWords(signInPageProps);

export default OperatorSignInPage;
