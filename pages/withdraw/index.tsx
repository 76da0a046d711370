import { PublicWithdrawalPage } from '@/components/account/PublicWithdrawalPage';
import type { PublicWithdrawalPageProps } from '@/lib/withdrawal/withdrawalView';
import { publicWithdrawPageProps } from '@/lib/server/withdrawal/withdrawalPages';
import { withPageWords } from '@/lib/server/i18n/withPageWords';

export const getServerSideProps = withPageWords(publicWithdrawPageProps);

export default function WithdrawPage(props: PublicWithdrawalPageProps) {
  return <PublicWithdrawalPage {...props} />;
}
