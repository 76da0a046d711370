/**
 * The sign-in wall in the funnel report: a campaign with pre-authentication sends an
 * anonymous visitor to its `…/auth/initiate` page before the offer (docs/identity.md), so
 * the funnel's first step (the offer page) counts only those who got past the wall. These
 * figures count the campaign's visits (every session with a page load of the campaign,
 * the wall's included), the visitors who reached the wall, those who passed it (a funnel
 * step of the campaign after the wall) and the drop-off (reached, never passed). Pure: the
 * repository counts sessions in SQL.
 *
 * A visitor is a browser session, as in the funnel: one who opens the sign-in link in
 * another browser counts as dropped at the wall, and their visit past it as a new one.
 */
import { conversion, type Conversion } from './funnelReport';

/** The wall's page, as the page-load event's currentPage ends: the campaign's base, then this. */
export const SIGN_IN_WALL_PAGE_SUFFIX = '/auth/initiate';

/** Sessions of one campaign, counted by the repository. */
export interface SignInWallCount {
  campaignId: string | null;
  /** Sessions with any page load of the campaign in the period. */
  visits: number;
  /** Sessions that loaded the wall's page. */
  atWall: number;
  /** Of those, the sessions that reached a funnel step of the campaign after their first load of the wall. */
  passed: number;
}

export interface SignInWallFigure {
  campaignId: string | null;
  /** Whether the catalogue has pre-authentication on for the campaign (others meet the wall only when asked to sign in). */
  preAuth: boolean;
  visits: number;
  atWall: number;
  passed: number;
  /** Reached the wall and never passed it. */
  dropped: number;
  /** dropped / atWall. */
  dropOff: Conversion;
}

/**
 * One figure per campaign whose visitors met the wall, and per pre-auth campaign with any
 * visits (its wall may have been met by no one). Pre-auth campaigns first, then by
 * visitors at the wall, most first, then by id: the same order on every load.
 */
export function computeSignInWall(counts: readonly SignInWallCount[], preAuthCampaigns: ReadonlySet<string>): SignInWallFigure[] {
  return counts
    .filter((row) => row.atWall > 0 || (row.campaignId !== null && preAuthCampaigns.has(row.campaignId) && row.visits > 0))
    .map((row): SignInWallFigure => {
      // Passed counts only sessions that were at the wall, so it never exceeds it; kept safe all the same.
      const passed = Math.min(row.passed, row.atWall);
      const dropped = row.atWall - passed;
      return {
        campaignId: row.campaignId,
        preAuth: row.campaignId !== null && preAuthCampaigns.has(row.campaignId),
        visits: row.visits,
        atWall: row.atWall,
        passed,
        dropped,
        dropOff: conversion(dropped, row.atWall),
      };
    })
    .sort((a, b) => Number(b.preAuth) - Number(a.preAuth) || b.atWall - a.atWall || (a.campaignId ?? '').localeCompare(b.campaignId ?? ''));
}
