import { AccountRefusal } from '@/components/account/AccountRefusal';
import { CancelSubscriptionView } from '@/components/account/CancelSubscriptionView';
import { isRefused, type AccountProps, type SubscriptionPageProps } from '@/lib/account/accountView';

export { subscriptionPageProps as getServerSideProps } from '@/lib/server/ssr/account/accountPages';

export default function CancelSubscriptionPage(props: AccountProps<SubscriptionPageProps>) {
  return isRefused(props) ? <AccountRefusal refused={props.refused} /> : <CancelSubscriptionView {...props} />;
}
