import { AccountRefusal } from '@/components/account/AccountRefusal';
import { BusinessDetailsView } from '@/components/account/BusinessDetailsView';
import { isRefused, type AccountProps, type SubscriptionPageProps } from '@/lib/account/accountView';
import { businessPageProps } from '@/lib/server/ssr/account/accountPages';
import { withSubscriberWords } from '@/lib/server/i18n/subscriberWords';

export const getServerSideProps = withSubscriberWords(businessPageProps);

export default function BusinessDetailsPage(props: AccountProps<SubscriptionPageProps>) {
  return isRefused(props) ? <AccountRefusal refused={props.refused} /> : <BusinessDetailsView {...props} />;
}
