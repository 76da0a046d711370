import { KeepSubscriptionPage } from '@/components/account/KeepSubscriptionPage';
import type { KeepPageProps } from '@/lib/account/cancelView';
import { keepPageProps } from '@/lib/server/ssr/cancelPages';
import { withSubscriberWords } from '@/lib/server/i18n/subscriberWords';

export const getServerSideProps = withSubscriberWords(keepPageProps);

export default function KeepPage(props: KeepPageProps) {
  return <KeepSubscriptionPage {...props} />;
}
