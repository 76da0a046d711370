import { WithdrawalAnswerPage } from '@/components/account/WithdrawalAnswerPage';
import type { WithdrawalAnswerPageProps } from '@/lib/withdrawal/withdrawalView';
import { withdrawalAnswerPageProps } from '@/lib/server/withdrawal/withdrawalPages';
import { withPageWords } from '@/lib/server/i18n/withPageWords';

export const getServerSideProps = withPageWords(withdrawalAnswerPageProps);

export default function WithdrawalAnswer(props: WithdrawalAnswerPageProps) {
  return <WithdrawalAnswerPage {...props} />;
}
