import { AccountRefusal } from '@/components/account/AccountRefusal';
import { DeliveryAddressView } from '@/components/account/DeliveryAddressView';
import { isRefused, type AccountProps, type SubscriptionPageProps } from '@/lib/account/accountView';

export { subscriptionPageProps as getServerSideProps } from '@/lib/server/ssr/account/accountPages';

export default function DeliveryAddressPage(props: AccountProps<SubscriptionPageProps>) {
  return isRefused(props) ? <AccountRefusal refused={props.refused} /> : <DeliveryAddressView {...props} />;
}
