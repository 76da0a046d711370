import { OperatorsPanel } from '@/components/backoffice/OperatorsPanel';
import { operatorsPageProps } from '@/lib/server/ssr/backoffice/backOfficeHomePage';
import { withPageWords } from '@/lib/server/i18n/withPageWords';

export const getServerSideProps = withPageWords(operatorsPageProps);

export default OperatorsPanel;
