import { useCallback, useState } from 'react';
import type { CartSelection } from './cartSelection';
import { writeCartCookie } from './cartCookie';

/**
 * The visitor's selection on a campaign, starting from what the server rendered (so the
 * first browser render matches it) and written back to the cart cookie on every change,
 * so that a reload, a direct link or back/forward renders the same order.
 */
export function useCart(campaignId: string, initial: CartSelection | null): [CartSelection | null, (next: CartSelection | null) => void] {
  const [selection, setSelection] = useState(initial);
  const update = useCallback(
    (next: CartSelection | null) => {
      writeCartCookie(campaignId, next);
      setSelection(next);
    },
    [campaignId],
  );
  return [selection, update];
}
