import { funnelItemFor } from '@/lib/tracking/events';
import type { FunnelClient } from '@/lib/tracking/funnelClient';
import type { Destination } from '@/lib/tracking/pipeline';

/**
 * The business's funnel (SPEC §7): every event, as `{action, payload, _topic?}` with who
 * and where from. It identifies no one beyond the session id the visitor's consent allows
 * (a page-view id otherwise), so it runs in anonymous mode too: measurement, sent with any
 * answer, and before one unless the deployment's consent policy is strict.
 */
export function createFunnelDestination(client: FunnelClient): Destination {
  return {
    name: 'funnel',
    purpose: 'measurement',
    send(event, context) {
      const { sessionId, source, livemode, experiment } = context;
      client.send(funnelItemFor(event, { sessionId, source, livemode, ...(experiment ? { experiment } : {}) }));
    },
  };
}
