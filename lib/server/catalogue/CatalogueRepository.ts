import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '@/lib/server/db/schema';
import type { CatalogueFile } from '@/lib/catalogue/catalogueFile';
import type { Brand, BrandIdentity, CheckoutFlow, Coupon, CouponScope, Offer } from '@/lib/catalogue/types';
import type { CurrencyCode } from '@/lib/pricing/currencies';
import { fileScopeOf, offerTermsFromRow, rowsFromFile } from './catalogueRows';
import { snapshotOfRows } from './catalogueSnapshot';
import { inOneSnapshot } from '@/lib/server/db/inOneSnapshot';
import { offerRenewalPrice } from '@/lib/pricing/offerPrice';
import { writeEventToMany } from '@/lib/server/subscriptions/writeEventToMany';
import { CampaignVersions, IMPORT_AUTHOR, type VersionAuthor } from '@/lib/server/campaigns/CampaignVersions';

/** Everything a page needs from the catalogue, read in one go and held in memory. */
export interface CatalogueSnapshot {
  version: number;
  /** Every brand by slug, with its default campaign (the not-found page lists and links them). */
  brands: ReadonlyMap<string, Brand>;
  flowsByPath: ReadonlyMap<string, CheckoutFlow>;
  /** Each brand's cross-sell offers; the cart picks those that apply to the chosen plan. */
  crossSellsByBrand: ReadonlyMap<string, readonly Offer[]>;
  couponsByCode: ReadonlyMap<string, Coupon>;
  /** When the studio is to publish a new version of a campaign, by campaign id (ISO): its pages are kept by shared caches only until then. */
  scheduledChanges: ReadonlyMap<string, string>;
}

export { flowKey } from './flowKey';

const VERSION_ROW_ID = 1;

type OfferPrice = { id: string; total_amount: number; discounted_amount: number | null; trial_offer: number };

const renewalPriceOf = (offer: OfferPrice) =>
  offerRenewalPrice({ totalAmount: offer.total_amount, discountedAmount: offer.discounted_amount, trialOffer: offer.trial_offer === 1 });

/** The offers whose renewal price an import changes (an offer removed or added changes none). */
export function renewalPriceChanges(before: readonly OfferPrice[], after: readonly OfferPrice[]): string[] {
  const was = new Map(before.map((offer) => [offer.id, renewalPriceOf(offer)]));
  return after.filter((offer) => was.has(offer.id) && was.get(offer.id) !== renewalPriceOf(offer)).map((offer) => offer.id);
}

export class CatalogueRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The catalogue's version: it goes up by one with every import. 0 before the first. */
  async version(): Promise<number> {
    const row = await this.db.selectFrom('catalogue_version').select('version').where('id', '=', VERSION_ROW_ID).executeTakeFirst();
    return row?.version ?? 0;
  }

  async loadSnapshot(): Promise<CatalogueSnapshot> {
    // One read transaction, so that an import running meanwhile is seen whole or not at all.
    return inOneSnapshot(this.db, async (trx) => {
      const versionRow = await trx.selectFrom('catalogue_version').select('version').where('id', '=', VERSION_ROW_ID).executeTakeFirst();
      const [brandRows, offerRows, flowRows, planRows, couponRows, scheduleRows] = await Promise.all([
        trx.selectFrom('brands').selectAll().execute(),
        trx.selectFrom('offers').selectAll().orderBy('position').execute(),
        trx.selectFrom('checkout_flows').selectAll().orderBy('position').execute(),
        trx.selectFrom('checkout_flow_plans').selectAll().orderBy('campaign_id').orderBy('position').execute(),
        trx.selectFrom('coupons').selectAll().execute(),
        trx.selectFrom('campaign_schedules').select(['campaign_id', 'publish_at']).execute(),
      ]);
      return snapshotOfRows(
        versionRow?.version ?? 0,
        { brands: brandRows, offers: offerRows, flows: flowRows, plans: planRows, coupons: couponRows },
        new Map(scheduleRows.map((row) => [row.campaign_id, row.publish_at])),
      );
    });
  }

  /** Replaces the whole catalogue with the file's contents in one transaction; returns the new version. */
  async replaceAll(file: CatalogueFile, author: VersionAuthor = IMPORT_AUTHOR): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const at = new Date();
      const next = await lockCatalogue(trx, at);
      await writeCatalogue(trx, file, at, author);
      return next;
    });
  }

  /** The catalogue as an import file, in the order it was imported. */
  async exportAll(): Promise<CatalogueFile> {
    const [brands, offers, flows, plans, coupons] = await Promise.all([
      this.db.selectFrom('brands').selectAll().orderBy('slug').execute(),
      this.db.selectFrom('offers').selectAll().orderBy('position').execute(),
      this.db.selectFrom('checkout_flows').selectAll().orderBy('position').execute(),
      this.db.selectFrom('checkout_flow_plans').selectAll().orderBy('position').execute(),
      this.db.selectFrom('coupons').selectAll().orderBy('code').execute(),
    ]);
    return {
      brands: brands.map((b) => ({
        slug: b.slug,
        name: b.name,
        identity: JSON.parse(b.identity_json) as BrandIdentity,
        defaultCampaign: b.default_campaign,
        readingUrl: b.reading_url,
        locale: b.locale,
      })),
      offers: offers.map((o) => ({
        id: o.id,
        uuid: o.uuid,
        brand: o.brand_slug,
        ...offerTermsFromRow(o),
        parentOfferId: o.parent_offer_id,
      })),
      checkoutFlows: flows.map((f) => ({
        brand: f.brand_slug,
        urlSlug: f.url_slug,
        campaignId: f.campaign_id,
        headline: f.headline,
        subheadline: f.subheadline,
        enablePreAuth: f.enable_pre_auth === 1,
        plans: plans.filter((p) => p.campaign_id === f.campaign_id).map((p) => p.offer_id),
        startsAt: f.starts_at,
        endsAt: f.ends_at,
        locale: f.locale,
      })),
      coupons: coupons.map((c) => ({
        code: c.code,
        ...(c.percent_off !== null ? { percentOff: c.percent_off } : {}),
        ...(c.amount_off !== null ? { amountOff: c.amount_off } : {}),
        ...(c.currency_code !== null ? { currencyCode: c.currency_code as CurrencyCode } : {}),
        validFrom: c.valid_from,
        validUntil: c.valid_until,
        scope: fileScopeOf(JSON.parse(c.scope_json) as CouponScope),
        maxRedemptions: c.max_redemptions,
        maxRedemptionsPerCustomer: c.max_redemptions_per_customer,
      })),
    };
  }
}

/**
 * Takes the catalogue for a change: its version goes up by one, as an upsert whose row lock
 * (on PostgreSQL) makes a second writer wait for this one to commit, then build on what it
 * wrote, instead of both writing the same version over each other's rows. Returns the new version.
 */
export async function lockCatalogue(trx: Transaction<Database>, at: Date): Promise<number> {
  const updated_at = at.toISOString();
  const { version } = await trx
    .insertInto('catalogue_version')
    .values({ id: VERSION_ROW_ID, version: 1, updated_at })
    .onConflict((oc) => oc.column('id').doUpdateSet({ version: sql<number>`catalogue_version.version + 1`, updated_at }))
    .returning('version')
    .executeTakeFirstOrThrow();
  return version;
}

/** In the transaction that locked the catalogue: its rows replaced by the file's, each changed campaign's version recorded. */
export async function writeCatalogue(trx: Transaction<Database>, file: CatalogueFile, at: Date, author: VersionAuthor): Promise<void> {
  const rows = rowsFromFile(file);
  const before = await trx.selectFrom('offers').select(['id', 'total_amount', 'discounted_amount', 'trial_offer']).execute();
  await trx.deleteFrom('checkout_flow_plans').execute();
  await trx.deleteFrom('checkout_flows').execute();
  await trx.deleteFrom('coupons').execute();
  await trx.deleteFrom('offers').execute();
  await trx.deleteFrom('brands').execute();
  if (rows.brands.length) await trx.insertInto('brands').values(rows.brands).execute();
  if (rows.offers.length) await trx.insertInto('offers').values(rows.offers).execute();
  if (rows.flows.length) await trx.insertInto('checkout_flows').values(rows.flows).execute();
  if (rows.plans.length) await trx.insertInto('checkout_flow_plans').values(rows.plans).execute();
  if (rows.coupons.length) await trx.insertInto('coupons').values(rows.coupons).execute();
  // Each campaign it changed keeps what it now is as a new version, with the change itself.
  await new CampaignVersions(trx).recordImport(file, at, author);
  // A renewal price that changed: the lifecycle's `catalogue-price-changed` makes each live
  // subscriber due at once, so that the renewal engine gives them notice before the new
  // price reaches them (lib/subscriptions/renewalNotices.ts).
  const changed = renewalPriceChanges(before, rows.offers);
  if (changed.length) {
    await writeEventToMany(
      trx,
      (eb) => eb('offer_id', 'in', changed),
      { kind: 'catalogue-price-changed' },
      // It moves only the engine's schedule, which no history row tells of: the cause is for the store's rule.
      { now: at, cause: { event: 'price_pending', actor: { kind: 'operator' } } },
    );
  }
}
