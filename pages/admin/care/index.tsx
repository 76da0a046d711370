import { CareSearchView } from '@/components/backoffice/CareSearchView';
import { careSearchPageProps } from '@/lib/server/ssr/backoffice/carePages';
import { withPageWords } from '@/lib/server/i18n/withPageWords';

export const getServerSideProps = withPageWords(careSearchPageProps);

export default CareSearchView;
