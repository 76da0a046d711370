import { VatReviewList } from '@/components/backoffice/VatReviewList';
import { vatReviewPageProps } from '@/lib/server/ssr/backoffice/vatReviewPage';
import { withPageWords } from '@/lib/server/i18n/withPageWords';

export const getServerSideProps = withPageWords(vatReviewPageProps);

export default VatReviewList;
