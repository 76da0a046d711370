/**
 * The figures issue 25 quotes as "today's" (the bench on this machine before that work;
 * warm tab, median of 3): printed beside each run's own so that the change reads at a
 * glance. Cold figures were quoted as ranges for the offer page; a range is kept as text.
 */
export interface TodayFigures {
  warm?: number;
  cold?: string;
  tbtMs?: number;
}

export const TODAY: Readonly<Record<string, TodayFigures>> = {
  offer: { warm: 97, cold: '85–92', tbtMs: 174 },
  'dual offer': { warm: 89, tbtMs: 413 },
  cart: { warm: 92, cold: '90', tbtMs: 351 },
  card: { warm: 93, cold: '87', tbtMs: 295 },
  success: { warm: 91, tbtMs: 371 },
};

/** The largest script then, on every page: React, Next and the shell in one chunk. */
export const TODAY_LARGEST_CHUNK_KB = 114.8;
