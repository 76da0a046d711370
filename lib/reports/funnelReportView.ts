import type { CouponFigure } from './couponFigures';
import type { ExperimentReport } from './experimentReport';
import type { FunnelFilter } from './funnelFilter';
import type { FunnelReport } from './funnelReport';
import type { OrderFiguresReport } from './orderFigures';
import type { SchemaDriftEntry } from './schemaDrift';
import type { SignInWallFigure } from './signInWall';
import type { SubscriptionFiguresReport } from './subscriptionFigures';

// What the funnel report page (/admin/funnel) is given: computed on the server
// (lib/server/reports), rendered by components/admin.

/** How the report names the events and orders that carry no campaign id at all. */
export const NO_CAMPAIGN_LABEL = '(no campaign)';

/** How the report names a campaign: as the filter offers it (brand and path), else by its id (an old or external campaign). */
export function campaignLabeller(options: readonly CampaignOption[]): (campaignId: string | null) => string {
  const labels = new Map(options.map((option) => [option.campaignId, option.label]));
  return (campaignId) => (campaignId === null ? NO_CAMPAIGN_LABEL : (labels.get(campaignId) ?? campaignId));
}

/** A campaign of the catalogue as the filter offers it. */
export interface CampaignOption {
  campaignId: string;
  /** Brand and path, which marketers recognise more readily than the id. */
  label: string;
}

/** How far the drift list is from complete: the page says so when it is cut. */
export interface DriftLimits {
  /** Observed shapes compared: at most DRIFT_OBSERVATIONS_MAX, the most recently seen. */
  shapesCompared: number;
  /** The period had more observed shapes than were compared. */
  shapesCut: boolean;
  /** Differences found among the compared shapes; the list shows at most DRIFT_ENTRIES_MAX of them. */
  differencesFound: number;
}

/** Violations grouped as the report shows them: what was blocked, by which directive, where. */
export interface CspViolationSummary {
  page: string;
  directive: string;
  blocked: string;
  disposition: 'enforce' | 'report';
  count: number;
  lastSeen: string;
  /** One source location seen for the group (the script that tried), if browsers gave one. */
  source: string | null;
}

/** Everything the funnel report page shows; plain data, as page props must be. */
export interface FunnelReportView {
  filter: FunnelFilter;
  campaignOptions: CampaignOption[];
  report: FunnelReport;
  /** Pre-auth campaigns' visits and the sign-in wall's drop-off (same period, campaign and mode). */
  signInWall: SignInWallFigure[];
  /** What the period's orders brought in, per campaign × source × mode × currency (same period, campaign and mode). */
  orders: OrderFiguresReport;
  /** Subscribers at the end of the period, renewals, cancellations, recurring revenue and money collected (same period, campaign and mode). */
  subscriptions: SubscriptionFiguresReport;
  drift: SchemaDriftEntry[];
  driftLimits: DriftLimits;
  /** Content-Security-Policy violations browsers reported in the period (every campaign, both modes). */
  cspViolations: CspViolationSummary[];
  /** Each coupon's redemptions, cap and what remains, since it was made (the filter's mode; every campaign). */
  coupons: CouponFigure[];
  /** The experiments that ran during the period, their variants' figures and verdicts (same campaign and mode; the filter's variant only). */
  experiments: ExperimentReport[];
}

export type RefusedStatus = 400 | 403 | 405;

export type FunnelReportPageProps = ({ kind: 'report' } & FunnelReportView) | { kind: 'refused'; status: RefusedStatus; message: string };
