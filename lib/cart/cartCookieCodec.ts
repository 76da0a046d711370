import { z } from 'zod';
import { MAX_ADD_ONS, type CartSelection } from './cartSelection';

/** Browsers keep a cookie of up to 4 kB; ours stays far below, and anything longer is not ours. */
const MAX_COOKIE_LENGTH = 512;

const OFFER_ID = /^[1-9][0-9]{0,17}$/;
const storedSchema = z.strictObject({
  o: z.string().regex(OFFER_ID),
  a: z.array(z.string().regex(OFFER_ID)).max(MAX_ADD_ONS).default([]),
  p: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,32}$/)
    .optional(),
  c: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .optional(),
  r: z
    .string()
    .regex(/^[A-Z0-9]{1,3}$/)
    .optional(),
});

export type DecodedCart = { ok: true; selection: CartSelection | null } | { ok: false };

/** Reads the cookie's value: absent is an empty cart; anything we did not write is refused. */
export function decodeCartSelection(raw: string | undefined): DecodedCart {
  if (raw === undefined || raw === '') return { ok: true, selection: null };
  if (raw.length > MAX_COOKIE_LENGTH) return { ok: false };
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { ok: false };
  }
  const parsed = storedSchema.safeParse(json);
  if (!parsed.success || new Set(parsed.data.a).size !== parsed.data.a.length) return { ok: false };
  const { o, a, p, c, r } = parsed.data;
  return { ok: true, selection: { offerId: o, addOnIds: a, promoCode: p ?? null, country: c ?? null, region: r ?? null } };
}
