/**
 * Table types. Booleans are stored as 0/1 integers and structured values as JSON text so
 * that the same SQL runs on SQLite and PostgreSQL.
 */
export interface CatalogueVersionTable {
  id: number;
  version: number;
  updated_at: string;
}

export interface BrandTable {
  slug: string;
  name: string;
  identity_json: string;
}

export interface OfferTable {
  id: string;
  uuid: string;
  brand_slug: string;
  name: string;
  description: string;
  currency_code: string;
  total_amount: number;
  discounted_amount: number | null;
  billing_interval: string;
  trial_offer: number;
  trial_days: number | null;
  is_print_offer: number;
  is_cross_sell: number;
  parent_offer_id: string | null;
  features_json: string;
  position: number;
}

export interface CheckoutFlowTable {
  campaign_id: string;
  brand_slug: string;
  url_slug: string;
  headline: string;
  subheadline: string;
  enable_pre_auth: number;
  position: number;
}

export interface CheckoutFlowPlanTable {
  campaign_id: string;
  offer_id: string;
  position: number;
}

export interface CouponTable {
  code: string;
  percent_off: number | null;
  amount_off: number | null;
  currency_code: string | null;
  valid_from: string | null;
  valid_until: string | null;
}


export interface Database {
  catalogue_version: CatalogueVersionTable;
  brands: BrandTable;
  offers: OfferTable;
  checkout_flows: CheckoutFlowTable;
  checkout_flow_plans: CheckoutFlowPlanTable;
  coupons: CouponTable;
}
