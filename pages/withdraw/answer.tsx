import { WithdrawalAnswerPage } from '@/components/account/WithdrawalAnswerPage';
import type { WithdrawalAnswerPageProps } from '@/lib/withdrawal/withdrawalView';

export { withdrawalAnswerPageProps as getServerSideProps } from '@/lib/server/withdrawal/withdrawalPages';

export default function WithdrawalAnswer(props: WithdrawalAnswerPageProps) {
  return <WithdrawalAnswerPage {...props} />;
}
