import type { ConsentState } from '@/lib/tracking/consent/consentGroups';

/**
 * What an experiment is to the rest of the product (issue 41): the variants a campaign's
 * visitors may be shown, the mark a page and its events carry, and who may be enrolled.
 */

/** Variants are lettered in their order; A, the first, is the control: the campaign as published when it started. */
export const VARIANT_KEYS = ['A', 'B', 'C', 'D'] as const;
export type VariantKey = (typeof VARIANT_KEYS)[number];
export const CONTROL_KEY: VariantKey = 'A';

export function isVariantKey(value: unknown): value is VariantKey {
  return typeof value === 'string' && (VARIANT_KEYS as readonly string[]).includes(value);
}

export type ExperimentStatus = 'running' | 'paused' | 'stopped';

/** One variant: a version of the campaign and its whole-percent share of the enrolled visitors. */
export interface ExperimentVariant {
  key: VariantKey;
  version: number;
  weight: number;
}

export interface Experiment {
  id: string;
  campaignId: string;
  name: string;
  status: ExperimentStatus;
  startedAt: string;
  pausedAt: string | null;
  stoppedAt: string | null;
  /** The variant kept as the campaign when it was stopped, and the version that published it. */
  winnerKey: VariantKey | null;
  winnerVersion: number | null;
  /** In their order: the control first. */
  variants: ExperimentVariant[];
}

/** The mark an enrolled visitor's pages, quotes, orders and funnel events carry. */
export interface ExperimentMark {
  id: string;
  variant: VariantKey;
}

/** An experiment's name, as the studio lists it. */
export const MAX_EXPERIMENT_NAME = 120;

/** Experiment ids: `exp_` and 16 hex digits. */
export const EXPERIMENT_ID = /^exp_[0-9a-f]{16}$/;

/**
 * The first-party visitor id a visitor is assigned by: set in the browser only once they
 * consent to analytics (C0002), removed when they withdraw it (docs/tracking-and-consent.md).
 * A pj_ cookie, so a page for its holder is never shared-cached (lib/server/http/pageCaching.ts).
 */
export const VISITOR_COOKIE = 'pj_vid';
/** 128 random bits, base64url. */
export const VISITOR_ID = /^[A-Za-z0-9_-]{22}$/;
/** Long enough for a campaign's life, within the 13 months regulators allow an analytics cookie. */
export const VISITOR_COOKIE_DAYS = 390;

export function parseVisitorId(raw: unknown): string | null {
  return typeof raw === 'string' && VISITOR_ID.test(raw) ? raw : null;
}

/** ePrivacy Art. 5(3): a variant is kept for a visitor only with their consent to the analytics group. */
export function consentsToExperiments(state: ConsentState): boolean {
  return state.decided && state.groups.has('C0002');
}

/**
 * Whether a visitor may be enrolled: they hold a visitor id, and the consent the server reads
 * (the built-in banner's record, or OneTrust's) grants analytics. A lapsed or missing record
 * is no consent, whatever id is left behind.
 */
export function enrollableVisitor(visitorCookie: unknown, consent: ConsentState): string | null {
  const visitorId = parseVisitorId(visitorCookie);
  return visitorId !== null && consentsToExperiments(consent) ? visitorId : null;
}
