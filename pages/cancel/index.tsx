import { CancelDeclarationPage } from '@/components/account/CancelDeclarationPage';
import type { CancelPageProps } from '@/lib/account/cancelView';
import { cancelPageProps } from '@/lib/server/ssr/cancelPages';
import { withSubscriberWords } from '@/lib/server/i18n/subscriberWords';

export const getServerSideProps = withSubscriberWords(cancelPageProps);

export default function CancelPage(props: CancelPageProps) {
  return <CancelDeclarationPage {...props} />;
}
