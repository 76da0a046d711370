import Link from 'next/link';
import { stepHref } from '@/lib/journey/navigation';

/** What an order step shows without an order: why, when we know, and the way back to the offers. */
export function EmptyCart({ base, search, notice }: { base: string; search: string; notice: string | null }) {
  return (
    <p role={notice ? 'alert' : undefined}>
      {notice ?? 'Your cart is empty.'} <Link href={stepHref(base, 'campaign', search)}>Choose a subscription</Link>
    </p>
  );
}
