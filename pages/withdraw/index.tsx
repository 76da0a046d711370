import { PublicWithdrawalPage } from '@/components/account/PublicWithdrawalPage';
import type { PublicWithdrawalPageProps } from '@/lib/withdrawal/withdrawalView';

export { publicWithdrawPageProps as getServerSideProps } from '@/lib/server/withdrawal/withdrawalPages';

export default function WithdrawPage(props: PublicWithdrawalPageProps) {
  return <PublicWithdrawalPage {...props} />;
}
