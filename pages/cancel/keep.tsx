import { KeepSubscriptionPage } from '@/components/account/KeepSubscriptionPage';
import type { KeepPageProps } from '@/lib/account/cancelView';
import { keepPageProps } from '@/lib/server/ssr/cancelPages';
import { withPageWords } from '@/lib/server/i18n/withPageWords';

export const getServerSideProps = withPageWords(keepPageProps);

export default function KeepPage(props: KeepPageProps) {
  return <KeepSubscriptionPage {...props} />;
}
