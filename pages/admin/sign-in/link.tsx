import { OperatorLinkPage } from '@/components/backoffice/OperatorSignInPages';
import { linkPageProps } from '@/lib/server/ssr/backoffice/operatorSignInPages';
import { withPageWords } from '@/lib/server/i18n/withPageWords';

export const getServerSideProps = withPageWords(linkPageProps);

export default OperatorLinkPage;
