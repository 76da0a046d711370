import { AccountRefusal } from '@/components/account/AccountRefusal';
import { WithdrawSubscriptionView } from '@/components/account/WithdrawSubscriptionView';
import { isRefused, type AccountProps } from '@/lib/account/accountView';
import type { WithdrawPageProps } from '@/lib/withdrawal/withdrawalView';

export { withdrawPageProps as getServerSideProps } from '@/lib/server/withdrawal/withdrawalPages';

export default function WithdrawSubscriptionPage(props: AccountProps<WithdrawPageProps>) {
  return isRefused(props) ? <AccountRefusal refused={props.refused} /> : <WithdrawSubscriptionView {...props} />;
}
