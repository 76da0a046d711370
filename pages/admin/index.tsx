import { BackOfficeHome } from '@/components/backoffice/BackOfficeHome';
import { homePageProps } from '@/lib/server/ssr/backoffice/backOfficeHomePage';
import { withPageWords } from '@/lib/server/i18n/withPageWords';

export const getServerSideProps = withPageWords(homePageProps);

export default BackOfficeHome;
