import { createPixelTransport } from './transports/pixelTransport';
import type { Transport } from './transports/transport';
import { isSegmentOperation, SEGMENT_OPERATIONS, type SegmentOperation } from './segmentOperation';

export { isSegmentOperation, SEGMENT_OPERATIONS, type SegmentOperation };

/**
 * The audience-segmentation calls (SPEC §7): `GET ${base}/add?segment=…` and
 * `GET ${base}/remove?segment=…`, sent as image requests so they work on any origin
 * without CORS. Nothing here throws: bad input and failed requests are logged.
 */

/** `${base}/${operation}?segment=…` (and `&livemode=false` in test mode); a trailing slash on the base is not doubled. */
export function segmentationUrl(baseUrl: string, operation: SegmentOperation, segment: string, livemode = true): string {
  return `${baseUrl.replace(/\/+$/, '')}/${operation}?segment=${encodeURIComponent(segment)}${livemode ? '' : '&livemode=false'}`;
}

export interface SegmentationClient {
  add(segment: string): Promise<boolean>;
  remove(segment: string): Promise<boolean>;
  /**
   * For operations that come from data (markup, config): an unsupported one is logged
   * and ignored (SPEC §8). Resolves whether the request went out and succeeded.
   */
  apply(operation: string, segment: string): Promise<boolean>;
}

export function createSegmentationClient(
  baseUrl: string,
  transport: Transport = createPixelTransport(),
  livemode = true,
): SegmentationClient {
  async function request(operation: SegmentOperation, segment: string): Promise<boolean> {
    if (typeof segment !== 'string' || segment.trim() === '') {
      console.warn(`Segmentation ${operation} ignored: no segment given.`);
      return false;
    }
    // The segment is all in the URL; an empty body keeps the pixel from adding a `data` parameter.
    try {
      const ok = await transport.send(segmentationUrl(baseUrl, operation, segment, livemode), '');
      if (!ok) console.warn(`Segmentation ${operation} of "${segment}" failed.`);
      return ok;
    } catch (error) {
      console.warn(`Segmentation ${operation} of "${segment}" failed:`, error);
      return false;
    }
  }

  return {
    add: (segment) => request('add', segment),
    remove: (segment) => request('remove', segment),
    apply(operation, segment) {
      if (!isSegmentOperation(operation)) {
        console.warn(`Unsupported segment operation "${String(operation)}" ignored; supported: ${SEGMENT_OPERATIONS.join(', ')}.`);
        return Promise.resolve(false);
      }
      return request(operation, segment);
    },
  };
}
