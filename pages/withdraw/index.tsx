import { PublicWithdrawalPage } from '@/components/account/PublicWithdrawalPage';
import type { PublicWithdrawalPageProps } from '@/lib/withdrawal/withdrawalView';
import { publicWithdrawPageProps } from '@/lib/server/withdrawal/withdrawalPages';
import { withSubscriberWords } from '@/lib/server/i18n/subscriberWords';

export const getServerSideProps = withSubscriberWords(publicWithdrawPageProps);

export default function WithdrawPage(props: PublicWithdrawalPageProps) {
  return <PublicWithdrawalPage {...props} />;
}
