import type { Destination } from '@/lib/tracking/pipeline';
import type { SegmentationClient } from '@/lib/tracking/segmentation';

/**
 * Audience segments (SPEC §7): the offer page adds the visitor to `mtu.v`; a purchase
 * takes them out of it. Segments target the visitor, so they need targeting consent.
 */
export function createSegmentationDestination(client: SegmentationClient): Destination {
  return {
    name: 'segmentation',
    purpose: 'targeting',
    send(event) {
      if (event.name === 'waypoint' && event.payload.segment) void client.add(event.payload.segment);
      if (event.name === 'purchase') void client.remove('mtu.v');
    },
  };
}
