import { AccountRefusal } from '@/components/account/AccountRefusal';
import { DeliveryAddressView } from '@/components/account/DeliveryAddressView';
import { isRefused, type AccountProps, type SubscriptionPageProps } from '@/lib/account/accountView';
import { subscriptionPageProps } from '@/lib/server/ssr/account/accountPages';
import { withPageWords } from '@/lib/server/i18n/withPageWords';

export const getServerSideProps = withPageWords(subscriptionPageProps);

export default function DeliveryAddressPage(props: AccountProps<SubscriptionPageProps>) {
  return isRefused(props) ? <AccountRefusal refused={props.refused} /> : <DeliveryAddressView {...props} />;
}
