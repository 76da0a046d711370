import { z } from 'zod';
import { MAX_PLANS } from '@/lib/pricing/template';
import { isTimeZone } from '@/lib/campaigns/zonedTime';
import { readingUrlSchema } from '@/lib/catalogue/readingUrl';

/**
 * The studio's bodies. A draft's entries are only shaped here (records, lists of bounded
 * length): their fields are checked by the catalogue's own schema (lib/campaigns/campaignDraft.ts),
 * whose problems name the field the editor shows them beside.
 */
const entry = z.record(z.string(), z.unknown());
/** A campaign version: a whole number a database integer column holds (PostgreSQL's is 32-bit). */
export const versionNumber = z
  .number()
  .int('must be a whole number')
  .positive('must be a version number such as 2')
  .max(2_147_483_647, 'must be a version number such as 2');
const version = versionNumber;

export const draftSchema = z.strictObject({
  flow: entry,
  offers: z.array(entry).max(MAX_PLANS * 10, `must hold at most ${MAX_PLANS * 10} offers`),
  coupons: z.array(entry).max(1000, 'must hold at most 1000 coupons'),
  isDefault: z.boolean(),
});

export const createCampaignBody = z.strictObject({ draft: draftSchema });
export const saveDraftBody = z.strictObject({ baseVersion: version.nullable(), draft: draftSchema, restoredFrom: version.optional() });
export const publishBody = z.strictObject({ version });
export const campaignQuery = z.strictObject({
  campaignId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1 to 64 letters, digits, "_" or "-"'),
});

/** A draft with a batch of 500 single-use codes is some 150 kB; a draft of 1000 coupons stays below this. */
export const STUDIO_MAX_BODY_BYTES = 512 * 1024;

export const scheduleBody = z.strictObject({
  version,
  publishAt: z.iso.datetime({ offset: true, message: 'must be a date and time such as 2027-01-31T09:00:00+01:00' }),
  timeZone: z.string().max(64).refine(isTimeZone, 'must be a time zone such as Europe/Berlin'),
});

export const brandQuery = z.strictObject({
  brandSlug: z.string().regex(/^[a-z0-9-]{1,64}$/, 'must be a brand slug such as vogue'),
});
/** A brand's reading URL, checked as the catalogue checks it; null: the brand has none. */
export const readingUrlBody = z.strictObject({ readingUrl: readingUrlSchema.unwrap().unwrap().nullable() });
