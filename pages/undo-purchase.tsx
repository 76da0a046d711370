import { UndoPurchasePage } from '@/components/account/UndoPurchasePage';
import type { UndoPurchasePageProps } from '@/lib/account/undoPurchaseView';
import { undoPageProps } from '@/lib/server/duplicates/undoPage';
import { withPageWords } from '@/lib/server/i18n/withPageWords';

export const getServerSideProps = withPageWords(undoPageProps);

export default function UndoPurchase(props: UndoPurchasePageProps) {
  return <UndoPurchasePage {...props} />;
}
