import { CancelDeclarationPage } from '@/components/account/CancelDeclarationPage';
import type { CancelPageProps } from '@/lib/account/cancelView';
import { cancelPageProps } from '@/lib/server/ssr/cancelPages';
import { withPageWords } from '@/lib/server/i18n/withPageWords';

export const getServerSideProps = withPageWords(cancelPageProps);

export default function CancelPage(props: CancelPageProps) {
  return <CancelDeclarationPage {...props} />;
}
