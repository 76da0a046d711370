import type { CampaignContent } from './campaignContent';

/** One field that differs between two versions, its values as JSON text ("—" where it is absent). */
export interface FieldChange {
  /** "headline", "offer 1001 › totalAmount", "coupon SPRING25 › scope". */
  field: string;
  before: string;
  after: string;
}

const ABSENT = '—';

/** A version's fields by name: the flow's, each offer's by id and each coupon's by code, so that a reordering is not a change of every field. */
function fieldsOf(content: CampaignContent): Map<string, string> {
  const fields = new Map<string, string>();
  const put = (prefix: string, record: Record<string, unknown>) => {
    for (const [key, value] of Object.entries(record)) {
      if (value !== undefined) fields.set(`${prefix}${key}`, JSON.stringify(value));
    }
  };
  put('', content.flow as unknown as Record<string, unknown>);
  fields.set('default campaign of its brand', JSON.stringify(content.isDefault));
  for (const offer of content.offers) put(`offer ${offer.id} › `, offer as unknown as Record<string, unknown>);
  for (const coupon of content.coupons) put(`coupon ${coupon.code} › `, coupon as unknown as Record<string, unknown>);
  return fields;
}

/**
 * What changed from `before` to `after`, field by field, in the order of `after`'s fields
 * and then those it no longer has: the studio's side-by-side comparison of two versions.
 */
export function versionChanges(before: CampaignContent, after: CampaignContent): FieldChange[] {
  const was = fieldsOf(before);
  const now = fieldsOf(after);
  const changes: FieldChange[] = [];
  for (const [field, value] of now) {
    if (was.get(field) !== value) changes.push({ field, before: was.get(field) ?? ABSENT, after: value });
  }
  for (const [field, value] of was) {
    if (!now.has(field)) changes.push({ field, before: value, after: ABSENT });
  }
  return changes;
}
