/**
 * First path segments that are pages of their own, not brands: `/{brand}/{url_slug}` would
 * otherwise catch them, so the catalogue refuses them as brand slugs. `account`, `mailbox`
 * and `cancel` are the subscriber's pages (issue 22), `withdraw` too, and `undo-purchase` the
 * page of a duplicate purchase's undo link (issue 24); the rest were pages before them.
 */
export const RESERVED_TOP_LEVEL_SEGMENTS = [
  'account',
  'mailbox',
  'cancel',
  'withdraw',
  'undo-purchase',
  'admin',
  'api',
  'sandbox',
  'status',
] as const;

export const isReservedTopLevelSegment = (segment: string): boolean => (RESERVED_TOP_LEVEL_SEGMENTS as readonly string[]).includes(segment);
