import type { Migration } from 'kysely';
import * as m0001 from './0001_catalogue';
import * as m0002 from './0002_checkout';
import * as m0003 from './0003_identity';
import * as m0004 from './0004_tracking';
import * as m0005 from './0005_wallets';
import * as m0006 from './0006_buyer_identity';
import * as m0007 from './0007_abuse_limits';
import * as m0008 from './0008_retention';
import * as m0010 from './0010_csp_reports';
import * as m0011 from './0011_authentication_requested';
import * as m0012 from './0012_tracking_session';
import * as m0013 from './0013_bytewise_text';
import * as m0014 from './0014_bad_row_windows';
import * as m0015 from './0015_subscriptions';
import * as m0016 from './0016_mail_queue';
import * as m0017 from './0017_sign_in_binding';
import * as m0018 from './0018_provider_settle_index';
import * as m0019 from './0019_claim_by_known_address';
import * as m0020 from './0020_renewals';
import * as m0021 from './0021_wallet_renewal_outcome';
import * as m0022 from './0022_renewal_notices';
import * as m0023 from './0023_price_changes';
import * as m0024 from './0024_renewal_try_key';
import * as m0025 from './0025_coupon_scopes';
import * as m0026 from './0026_schema_observation_retention';
import * as m0027 from './0027_csp_violations';
import * as m0029 from './0029_refunds';
import * as m0030 from './0030_operators';
import * as m0031 from './0031_duplicate_purchase_undos';
import * as m0032 from './0032_withdrawals';
import * as m0034 from './0034_campaign_dates';
import * as m0035 from './0035_express_wallets';
import * as m0036 from './0036_offer_badge_image';
import * as m0037 from './0037_brand_reading_url';
import * as m0038 from './0038_operator_step_up';
import * as m0039 from './0039_cancel_declarations_applied';
import * as m0040 from './0040_outbox_clock_at';
import * as m0041 from './0041_withdrawal_confirmations';
import * as m0042 from './0042_withdrawal_examined';
import * as m0043 from './0043_job_runs';
import * as m0044 from './0044_subscription_history';
import * as m0045 from './0045_subscription_history_backfill';
import * as m0046 from './0046_subscription_schedule';
import * as m0047 from './0047_subscription_test_clocks';
import * as m0048 from './0048_invoice_records';
import * as m0049 from './0049_market_rules';
import * as m0050 from './0050_catalogue_locales';
import * as m0051 from './0051_buyer_locale';
import * as m0052 from './0052_subscription_tax_rule';
import * as m0053 from './0053_delivery_address_country';
import * as m0054 from './0054_invoice_sellers';
import * as m0055 from './0055_mail_attachments';
import * as m0056 from './0056_subscription_business';
import * as m0057 from './0057_campaign_versions';
import * as m0058 from './0058_campaign_drafts';
import * as m0059 from './0059_campaign_schedules';
import * as m0060 from './0060_offer_images';
import * as m0061 from './0061_campaign_previews';
import * as m0062 from './0062_offer_translations';
import * as m0063 from './0063_experiments';

/**
 * Versioned migrations, in order. They are imported statically (not read from a folder at
 * run time) so that they survive bundling into the Next server.
 */
export const MIGRATIONS: Record<string, Migration> = {
  '0001_catalogue': m0001,
  '0002_checkout': m0002,
  '0003_identity': m0003,
  '0004_tracking': m0004,
  '0005_wallets': m0005,
  '0006_buyer_identity': m0006,
  '0007_abuse_limits': m0007,
  '0008_retention': m0008,
  '0010_csp_reports': m0010,
  '0011_authentication_requested': m0011,
  '0012_tracking_session': m0012,
  '0013_bytewise_text': m0013,
  '0014_bad_row_windows': m0014,
  '0015_subscriptions': m0015,
  '0016_mail_queue': m0016,
  '0017_sign_in_binding': m0017,
  '0018_provider_settle_index': m0018,
  '0019_claim_by_known_address': m0019,
  '0020_renewals': m0020,
  '0021_wallet_renewal_outcome': m0021,
  '0022_renewal_notices': m0022,
  '0023_price_changes': m0023,
  '0024_renewal_try_key': m0024,
  '0025_coupon_scopes': m0025,
  '0026_schema_observation_retention': m0026,
  '0027_csp_violations': m0027,
  '0029_refunds': m0029,
  '0030_operators': m0030,
  '0031_duplicate_purchase_undos': m0031,
  '0032_withdrawals': m0032,
  '0034_campaign_dates': m0034,
  '0035_express_wallets': m0035,
  '0036_offer_badge_image': m0036,
  '0037_brand_reading_url': m0037,
  '0038_operator_step_up': m0038,
  '0039_cancel_declarations_applied': m0039,
  '0040_outbox_clock_at': m0040,
  '0041_withdrawal_confirmations': m0041,
  '0042_withdrawal_examined': m0042,
  '0043_job_runs': m0043,
  '0044_subscription_history': m0044,
  '0045_subscription_history_backfill': m0045,
  '0046_subscription_schedule': m0046,
  '0047_subscription_test_clocks': m0047,
  '0048_invoice_records': m0048,
  '0049_market_rules': m0049,
  '0050_catalogue_locales': m0050,
  '0051_buyer_locale': m0051,
  '0052_subscription_tax_rule': m0052,
  '0053_delivery_address_country': m0053,
  '0054_invoice_sellers': m0054,
  '0055_mail_attachments': m0055,
  '0056_subscription_business': m0056,
  '0057_campaign_versions': m0057,
  '0058_campaign_drafts': m0058,
  '0059_campaign_schedules': m0059,
  '0060_offer_images': m0060,
  '0061_campaign_previews': m0061,
  '0062_offer_translations': m0062,
  '0063_experiments': m0063,
};
