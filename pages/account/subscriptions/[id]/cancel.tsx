import { AccountRefusal } from '@/components/account/AccountRefusal';
import { CancelSubscriptionView } from '@/components/account/CancelSubscriptionView';
import { isRefused, type AccountProps, type SubscriptionPageProps } from '@/lib/account/accountView';
import { subscriptionPageProps } from '@/lib/server/ssr/account/accountPages';
import { withSubscriberWords } from '@/lib/server/i18n/subscriberWords';

export const getServerSideProps = withSubscriberWords(subscriptionPageProps);

export default function CancelSubscriptionPage(props: AccountProps<SubscriptionPageProps>) {
  return isRefused(props) ? <AccountRefusal refused={props.refused} /> : <CancelSubscriptionView {...props} />;
}
