import Link from 'next/link';
import { Msg, useWords } from '@/components/shell/I18n';
import { stepHref } from '@/lib/journey/navigation';

interface EmptyCartProps {
  base: string;
  search: string;
  /** Why the saved order could not be used, when it could not (worded by the server in the page's language). */
  notice: string | null;
  /** The cart is empty because this browser's order is paid. */
  paidOrder: boolean;
}

/** What an order step shows without an order: why, when we know, and the way on. */
export function EmptyCart({ base, search, notice, paidOrder }: EmptyCartProps) {
  const { t } = useWords();
  if (paidOrder) {
    return (
      <p role="status">
        <Msg id="order.empty.paid" components={{ 0: <Link href={stepHref(base, 'success', search)} /> }} />
      </p>
    );
  }
  return (
    <p role={notice ? 'alert' : undefined}>
      {notice ?? t('order.empty')} <Link href={stepHref(base, 'campaign', search)}>{t('order.empty.choose')}</Link>
    </p>
  );
}
