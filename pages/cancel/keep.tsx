import { KeepSubscriptionPage } from '@/components/account/KeepSubscriptionPage';
import type { KeepPageProps } from '@/lib/account/cancelView';

export { keepPageProps as getServerSideProps } from '@/lib/server/ssr/cancelPages';

export default function KeepPage(props: KeepPageProps) {
  return <KeepSubscriptionPage {...props} />;
}
