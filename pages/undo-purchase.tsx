import { UndoPurchasePage } from '@/components/account/UndoPurchasePage';
import type { UndoPurchasePageProps } from '@/lib/account/undoPurchaseView';
import { undoPageProps } from '@/lib/server/duplicates/undoPage';
import { withSubscriberWords } from '@/lib/server/i18n/subscriberWords';

export const getServerSideProps = withSubscriberWords(undoPageProps);

export default function UndoPurchase(props: UndoPurchasePageProps) {
  return <UndoPurchasePage {...props} />;
}
