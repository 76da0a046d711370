import type { Amount } from '@/lib/withdrawal/withdrawalView';

/** How long an undo link works after the purchase it undoes. */
export const UNDO_VALID_DAYS = 14;

/** What a duplicate purchase's undo page shows about it: facts, worded by the page in its locale. */
export interface UndoPurchaseFacts {
  brandName: string;
  offerName: string;
  /** ISO instant. */
  purchasedAt: string;
  /** What was paid. */
  amount: Amount;
  /** Whether anything was charged: a free trial is ended, with nothing to refund. */
  charged: boolean;
}

/**
 * The page an "Undo this purchase" link opens (/undo-purchase?token=…): what it undoes, that
 * it was undone (ISO instant), or why it cannot (the refusal's code, worded by the page).
 */
export type UndoPurchasePageProps =
  | ({ state: 'ready'; token: string; livemode: boolean } & UndoPurchaseFacts)
  | ({ state: 'undone'; undoneAt: string; livemode: boolean } & UndoPurchaseFacts)
  | { state: 'refused'; code: string; livemode: boolean };

/** What POST /api/undo-purchase answers once the purchase is undone. */
export interface UndoPurchaseAnswer {
  undone: true;
  /** ISO instant. */
  undoneAt: string;
  /**
   * succeeded: the provider refunded it (the refund's e-mail is queued); pending: it refunds
   * later (Amazon Pay), its e-mail follows then; already: it was refunded before (customer
   * care); none: nothing was charged.
   */
  refund: { status: 'succeeded' | 'pending' | 'already' | 'none'; amount: Amount };
  brandName: string;
  offerName: string;
}
