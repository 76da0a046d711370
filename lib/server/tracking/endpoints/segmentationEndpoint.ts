import { HttpError } from '@/lib/server/http/HttpError';
import type { NewTrackingEvent } from '@/lib/server/tracking/storage/EventStore';
import { livemodeFromQuery, queryValue, sendPixel } from './ingestHttp';
import type { IngestHandler } from './trackingRoute';
import { SEGMENT_OPERATIONS, type SegmentOperation } from '@/lib/tracking/segmentOperation';
import { eventUsage } from '@/lib/server/tracking/storage/storedBytes';

/**
 * The built-in segmentation endpoint (SPEC §7): `GET /user-context/segmentation/add|remove?segment=S`,
 * sent as an image request, so it answers the 1×1 GIF once the change is committed.
 */

export { SEGMENT_OPERATIONS, type SegmentOperation };
/** Lower-case names such as `mtu.v`: what the journey uses, and nothing that needs escaping anywhere. */
export const SEGMENT_PATTERN = /^[a-z0-9][a-z0-9._-]{0,63}$/;

export function segmentationEvent(operation: unknown, segment: unknown, livemode: boolean): NewTrackingEvent {
  if (typeof operation !== 'string' || !(SEGMENT_OPERATIONS as readonly string[]).includes(operation)) {
    throw new HttpError(404, 'unknown_operation', `Segmentation operations are ${SEGMENT_OPERATIONS.join(' and ')}.`);
  }
  if (typeof segment !== 'string' || !SEGMENT_PATTERN.test(segment)) {
    throw new HttpError(
      400,
      'invalid_segment',
      'The segment query parameter must be 1 to 64 lower-case letters, digits, ".", "_" or "-", starting with a letter or digit.',
    );
  }
  return {
    channel: 'segmentation',
    action: operation,
    topic: null,
    campaignId: null,
    sessionId: null,
    source: null,
    livemode,
    payload: { segment },
  };
}

export const receiveSegmentation: IngestHandler = async (req, res, { services, admit }) => {
  const event = segmentationEvent(queryValue(req, 'operation'), queryValue(req, 'segment'), livemodeFromQuery(req));
  await admit(eventUsage([event]));
  await services.store.appendEvents([event]);
  sendPixel(res);
  return undefined;
};
