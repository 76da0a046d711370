import { AccountRefusal } from '@/components/account/AccountRefusal';
import { DeliveryAddressView } from '@/components/account/DeliveryAddressView';
import { isRefused, type AccountProps, type SubscriptionPageProps } from '@/lib/account/accountView';
import { addressPageProps } from '@/lib/server/ssr/account/accountPages';
import { withSubscriberWords } from '@/lib/server/i18n/subscriberWords';

export const getServerSideProps = withSubscriberWords(addressPageProps);

export default function DeliveryAddressPage(props: AccountProps<SubscriptionPageProps>) {
  return isRefused(props) ? <AccountRefusal refused={props.refused} /> : <DeliveryAddressView {...props} />;
}
