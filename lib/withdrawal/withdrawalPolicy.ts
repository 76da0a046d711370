/**
 * Who may withdraw from a purchase (EU Directive 2011/83/EU art. 9–16 with the withdrawal
 * function of Directive 2023/2673; the UK's Consumer Contracts Regulations 2013): a buyer
 * billed in the EU or the UK, within 14 days of the purchase. Pure, so that the account, the
 * public page and the service decide alike.
 */

import { EU_COUNTRIES } from '@/lib/geo/euCountries';

export { EU_COUNTRIES };
export const WITHDRAWAL_COUNTRIES: readonly string[] = [...EU_COUNTRIES, 'GB'];

export const WITHDRAWAL_PERIOD_DAYS = 14;
const PERIOD_MS = WITHDRAWAL_PERIOD_DAYS * 24 * 3600_000;

export const hasWithdrawalRight = (country: string): boolean => WITHDRAWAL_COUNTRIES.includes(country.toUpperCase());

/** What the rule looks at: the purchase, its refunds, its subscription, and the subscription's own "now". */
export interface WithdrawalFacts {
  kind: 'purchase' | 'renewal';
  /** The transaction's status: only 'succeeded' is a purchase made. */
  status: string;
  /** The billing country typed at checkout. */
  billingCountry: string;
  /** When the purchase was paid (the contract made): ISO instant. */
  paidAt: string;
  /** Minor units paid, and how much of it is refunded or being refunded. */
  total: number;
  refunded: number;
  /** A withdrawal is recorded for its subscription already. */
  withdrawn: boolean;
  /** The subscription has ended (cancelled and over, ended by care or by failed payments). */
  ended: boolean;
}

export type IneligibleReason = 'not_purchase' | 'outside_eu_uk' | 'too_late' | 'refunded' | 'withdrawn' | 'ended';

export type WithdrawalEligibility = { eligible: true; until: string } | { eligible: false; reason: IneligibleReason; message: string };

/** Why a purchase cannot be withdrawn from, in words a buyer reads. */
export const INELIGIBLE_MESSAGES: Record<IneligibleReason, string> = {
  not_purchase: 'Only a paid purchase can be withdrawn from.',
  outside_eu_uk:
    'The 14-day right of withdrawal applies to purchases billed to an address in the European Union or the United Kingdom. You can still cancel the subscription so that it does not renew.',
  too_late: `The 14-day withdrawal period for this purchase has passed. You can still cancel the subscription so that it does not renew.`,
  refunded: 'This purchase has been refunded in full already.',
  withdrawn: 'You have already withdrawn from this contract.',
  ended: 'This subscription has already ended.',
};

/** The end of the withdrawal period of a purchase paid at `paidAt`. */
export const withdrawalDeadline = (paidAt: string): string => new Date(Date.parse(paidAt) + PERIOD_MS).toISOString();

/**
 * Whether the purchase may be withdrawn from at `now` (the subscription's own clock: a test
 * clock moved ahead moves the deadline closer alike). The period is 14 whole days from the
 * moment it was paid: at exactly 14 days it has passed.
 */
export function withdrawalEligibility(facts: WithdrawalFacts, now: Date): WithdrawalEligibility {
  const refuse = (reason: IneligibleReason): WithdrawalEligibility => ({ eligible: false, reason, message: INELIGIBLE_MESSAGES[reason] });
  if (facts.withdrawn) return refuse('withdrawn');
  if (facts.kind !== 'purchase' || facts.status !== 'succeeded') return refuse('not_purchase');
  if (!hasWithdrawalRight(facts.billingCountry)) return refuse('outside_eu_uk');
  const until = withdrawalDeadline(facts.paidAt);
  if (now.getTime() >= Date.parse(until)) return refuse('too_late');
  if (facts.total > 0 && facts.refunded >= facts.total) return refuse('refunded');
  if (facts.ended) return refuse('ended');
  return { eligible: true, until };
}

/**
 * A withdrawal declared on the public page waits this long for its subscriber's objection
 * ("this was not me") before the background pass applies it: ends the subscription and
 * refunds it. Art. 13(1) of Directive 2011/83/EU wants the refund within 14 days of the day
 * the trader is informed of the withdrawal, i.e. of the declaration (the page records it at
 * once, and the acknowledgment is queued in the same transaction). 3 days leaves 11 of the 14
 * for the pass (it runs every minute or so), the provider's refund and any retry; and the
 * withdrawal stays effective from its declaration, however late in the 14-day period it came.
 */
export const OBJECTION_WINDOW_DAYS = 3;
/** The refund deadline of Art. 13(1), counted from the declaration. */
export const REFUND_DEADLINE_DAYS = 14;
const DAY_MS = 24 * 3600_000;

/** When a public declaration made at `declaredAt` is applied without its subscriber's answer: ISO instant. */
export const automaticWithdrawalAt = (declaredAt: string): string =>
  new Date(Date.parse(declaredAt) + OBJECTION_WINDOW_DAYS * DAY_MS).toISOString();
