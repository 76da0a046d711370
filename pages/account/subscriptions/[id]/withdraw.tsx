import { AccountRefusal } from '@/components/account/AccountRefusal';
import { WithdrawSubscriptionView } from '@/components/account/WithdrawSubscriptionView';
import { isRefused, type AccountProps } from '@/lib/account/accountView';
import type { WithdrawPageProps } from '@/lib/withdrawal/withdrawalView';
import { withdrawPageProps } from '@/lib/server/withdrawal/withdrawalPages';
import { withSubscriberWords } from '@/lib/server/i18n/subscriberWords';

export const getServerSideProps = withSubscriberWords(withdrawPageProps);

export default function WithdrawSubscriptionPage(props: AccountProps<WithdrawPageProps>) {
  return isRefused(props) ? <AccountRefusal refused={props.refused} /> : <WithdrawSubscriptionView {...props} />;
}
