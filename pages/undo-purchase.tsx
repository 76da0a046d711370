import { UndoPurchasePage } from '@/components/account/UndoPurchasePage';
import type { UndoPurchasePageProps } from '@/lib/account/undoPurchaseView';

export { undoPageProps as getServerSideProps } from '@/lib/server/duplicates/undoPage';

export default function UndoPurchase(props: UndoPurchasePageProps) {
  return <UndoPurchasePage {...props} />;
}
