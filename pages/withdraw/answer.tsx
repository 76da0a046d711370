import { WithdrawalAnswerPage } from '@/components/account/WithdrawalAnswerPage';
import type { WithdrawalAnswerPageProps } from '@/lib/withdrawal/withdrawalView';
import { withdrawalAnswerPageProps } from '@/lib/server/withdrawal/withdrawalPages';
import { withSubscriberWords } from '@/lib/server/i18n/subscriberWords';

export const getServerSideProps = withSubscriberWords(withdrawalAnswerPageProps);

export default function WithdrawalAnswer(props: WithdrawalAnswerPageProps) {
  return <WithdrawalAnswerPage {...props} />;
}
