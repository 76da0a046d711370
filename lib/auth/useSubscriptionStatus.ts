import { useEffect, useState } from 'react';

export type SubscriptionStatus = 'unknown' | 'signed-out' | 'not-subscribed' | 'subscribed';

/** Whether the signed-in visitor already subscribes to the brand, asked once per page. */
export function useSubscriptionStatus(brandSlug: string): SubscriptionStatus {
  const [status, setStatus] = useState<SubscriptionStatus>('unknown');
  useEffect(() => {
    let cancelled = false;
    fetch(`/api/identity/subscription?brand=${encodeURIComponent(brandSlug)}`, { credentials: 'same-origin' })
      .then((response) => (response.ok ? (response.json() as Promise<{ signedIn: boolean; activeSubscription: boolean }>) : null))
      .then((body) => {
        if (cancelled || !body) return;
        setStatus(!body.signedIn ? 'signed-out' : body.activeSubscription ? 'subscribed' : 'not-subscribed');
      })
      .catch(() => undefined); // unknown: the cart sells as usual
    return () => {
      cancelled = true;
    };
  }, [brandSlug]);
  return status;
}
