/** The audience-segmentation operations (SPEC §7): the browser's calls and the endpoint's routes. */
export const SEGMENT_OPERATIONS = ['add', 'remove'] as const;
export type SegmentOperation = (typeof SEGMENT_OPERATIONS)[number];

export function isSegmentOperation(value: unknown): value is SegmentOperation {
  return (SEGMENT_OPERATIONS as readonly unknown[]).includes(value);
}
