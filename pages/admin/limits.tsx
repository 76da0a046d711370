import { LimitsView } from '@/components/backoffice/LimitsView';
import { limitsPageProps } from '@/lib/server/ssr/backoffice/limitsPage';
import { withPageWords } from '@/lib/server/i18n/withPageWords';

export const getServerSideProps = withPageWords(limitsPageProps);

export default LimitsView;
