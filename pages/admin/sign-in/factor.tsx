import { OperatorFactorPage } from '@/components/backoffice/OperatorSignInPages';
import { factorPageProps } from '@/lib/server/ssr/backoffice/operatorSignInPages';
import { withPageWords } from '@/lib/server/i18n/withPageWords';

export const getServerSideProps = withPageWords(factorPageProps);

export default OperatorFactorPage;
