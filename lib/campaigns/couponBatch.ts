import { canonicalJson } from './campaignContent';
import type { CouponForm } from './draftForm';

/**
 * Batches of single-use codes, made for a partner to hand out one per person: the codes
 * themselves, and the coupons of a form that make one batch. The draft and the catalogue
 * know no batches (each code is a coupon of its own, which the CSV route lists); a batch is
 * how the campaign editor shows many such coupons as one item.
 */

/** Capital letters and digits without look-alikes (0 and O; 1, I and L): a code read out or typed from paper works. */
export const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** 31¹⁰ ≈ 8 × 10¹⁴ codes: guessing one of a partner's 500 takes some 10¹² tries. */
export const CODE_LENGTH = 10;
/** With CODE_LENGTH, at most 18 characters: the catalogue takes codes of 3 to 32. */
export const MAX_PREFIX = 8;
/** What one click makes; more codes are more clicks (the draft holds each as a coupon). */
export const MAX_CODES = 500;

/** `length` random bytes: crypto.getRandomValues in the browser, a fixed sequence in a test. */
export type RandomBytes = (length: number) => Uint8Array;

export interface CodesProblem {
  field: 'count' | 'prefix';
  message: string;
}

export type NewCodes = { ok: true; codes: string[] } | { ok: false; problems: CodesProblem[] };

/** What keeps `count` and `prefix` from making codes, in words; empty when nothing does. */
export function codesProblems(count: number, prefix: string): CodesProblem[] {
  const problems: CodesProblem[] = [];
  if (!Number.isInteger(count) || count < 1 || count > MAX_CODES) {
    problems.push({ field: 'count', message: `Enter how many codes to make: a whole number from 1 to ${MAX_CODES}` });
  }
  if (prefix.length > MAX_PREFIX) {
    problems.push({ field: 'prefix', message: `Use at most ${MAX_PREFIX} letters or digits: this has ${prefix.length}` });
  } else if (!/^[A-Z0-9]*$/.test(prefix)) {
    problems.push({ field: 'prefix', message: 'Use only the letters A to Z and the digits 0 to 9: no spaces, accents or signs' });
  }
  return problems;
}

// 248 (8 × 31) is the largest multiple of the alphabet's size a byte reaches: the bytes from it
// up are drawn again, so that no character comes up more often than another.
const EVEN_BYTES = 256 - (256 % CODE_ALPHABET.length);

const BROKEN_SOURCE = 'The random source keeps giving the same: no new codes come out of it.';

function randomPart(random: RandomBytes): string {
  let part = '';
  for (let round = 0; part.length < CODE_LENGTH; round++) {
    // A fair source gives a byte above 247 one time in 32: a hundred rounds in a row of them is a broken one.
    if (round === 100) throw new Error(BROKEN_SOURCE);
    for (const byte of random(CODE_LENGTH - part.length)) {
      if (byte < EVEN_BYTES) part += CODE_ALPHABET[byte % CODE_ALPHABET.length];
    }
  }
  return part;
}

/**
 * `count` codes, each `prefix` and CODE_LENGTH random characters, none twice nor one of
 * `taken` (the form's other codes: the catalogue refuses a code twice). The prefix is the
 * partner's name for the batch, checked as given (upper case, as the catalogue's codes are).
 */
export function newCodes(count: number, prefix: string, random: RandomBytes, taken: ReadonlySet<string> = new Set()): NewCodes {
  const problems = codesProblems(count, prefix);
  if (problems.length) return { ok: false, problems };
  const codes = new Set<string>();
  // A repeat among 8 × 10¹⁴ is all but impossible from a real source: a source that keeps
  // repeating is broken, and stops the loop rather than turning in it.
  for (let tries = 0; codes.size < count; tries++) {
    if (tries > count * 10) throw new Error(BROKEN_SOURCE);
    const code = prefix + randomPart(random);
    if (!taken.has(code)) codes.add(code);
  }
  return { ok: true, codes: [...codes] };
}

/** One use in all and one per customer: a code meant for one person. */
export const isSingleUse = (coupon: CouponForm) => coupon.maxRedemptions.trim() === '1' && coupon.maxRedemptionsPerCustomer.trim() === '1';

/**
 * Everything a coupon says but its code and caps, as text to compare: what it takes off,
 * when, and where. A coupon the form added has no scope yet: it is sent as this campaign's
 * (formToDraft), so it reads as `campaignId`'s here too.
 */
export function termsOf(coupon: CouponForm, campaignId: string): string {
  const amountOff = coupon.amountOff.trim();
  return canonicalJson({
    percentOff: coupon.percentOff.trim(),
    amountOff,
    // Without an amount no currency is sent: a leftover one does not make other terms.
    currencyCode: amountOff ? coupon.currencyCode : '',
    validFrom: coupon.validFrom.trim(),
    validUntil: coupon.validUntil.trim(),
    scope: coupon.base.scope ?? { campaigns: [campaignId.trim()] },
    // A scope edited in the form is the coupon's own now: it never joins a batch by its old one.
    editedScope: coupon.scope ?? null,
  });
}

/**
 * The coupons, each single-use one with the same terms as at least one other in a batch
 * ("b1", "b2", in the order they first come), the rest on their own (batch ""). The
 * coupons keep their places: the draft's order does not change.
 */
export function groupBatches(coupons: readonly CouponForm[], campaignId: string): CouponForm[] {
  const byTerms = new Map<string, number[]>();
  coupons.forEach((coupon, index) => {
    if (!isSingleUse(coupon)) return;
    const terms = termsOf(coupon, campaignId);
    byTerms.set(terms, [...(byTerms.get(terms) ?? []), index]);
  });
  const batchAt = new Map<number, string>();
  let next = 1;
  for (const indexes of byTerms.values()) {
    if (indexes.length < 2) continue;
    const key = `b${next++}`;
    for (const index of indexes) batchAt.set(index, key);
  }
  return coupons.map((coupon, index) => ({ ...coupon, batch: batchAt.get(index) ?? '' }));
}

/** What the form shows of its coupons: one on its own, or a batch (where its first code is). */
export type CouponItem = { kind: 'coupon'; index: number } | { kind: 'batch'; key: string; indexes: number[] };

export function couponItems(coupons: readonly CouponForm[]): CouponItem[] {
  const items: CouponItem[] = [];
  const batches = new Map<string, number[]>();
  coupons.forEach((coupon, index) => {
    if (coupon.batch === '') {
      items.push({ kind: 'coupon', index });
      return;
    }
    const indexes = batches.get(coupon.batch);
    if (indexes) {
      indexes.push(index);
      return;
    }
    batches.set(coupon.batch, [index]);
    items.push({ kind: 'batch', key: coupon.batch, indexes: batches.get(coupon.batch)! });
  });
  return items;
}

/** A coupon of its own's number as the form shows it ("Coupon 2"): batches are not counted among them. */
export const couponNumber = (coupons: readonly CouponForm[], index: number) =>
  coupons.slice(0, index).filter((coupon) => coupon.batch === '').length + 1;
