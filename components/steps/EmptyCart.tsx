import Link from 'next/link';
import { stepHref } from '@/lib/journey/navigation';

interface EmptyCartProps {
  base: string;
  search: string;
  /** Why the saved order could not be used, when it could not. */
  notice: string | null;
  /** The cart is empty because this browser's order is paid. */
  paidOrder: boolean;
}

/** What an order step shows without an order: why, when we know, and the way on. */
export function EmptyCart({ base, search, notice, paidOrder }: EmptyCartProps) {
  if (paidOrder) {
    return (
      <p role="status">
        Your order is complete: there is nothing more to pay. <Link href={stepHref(base, 'success', search)}>See your order</Link>
      </p>
    );
  }
  return (
    <p role={notice ? 'alert' : undefined}>
      {notice ?? 'Your cart is empty.'} <Link href={stepHref(base, 'campaign', search)}>Choose a subscription</Link>
    </p>
  );
}
