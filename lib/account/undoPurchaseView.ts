/** What a duplicate purchase's undo page shows about it. */
export interface UndoPurchaseFacts {
  brandName: string;
  offerName: string;
  /** "November 21, 2026 at 12:00 UTC". */
  purchasedAt: string;
  /** What was paid, formatted with its currency: "$25.00". */
  amount: string;
  /** Whether anything was charged: a free trial is ended, with nothing to refund. */
  charged: boolean;
}

/** The page an "Undo this purchase" link opens (/undo-purchase?token=…): what it undoes, that it was undone, or why it cannot. */
export type UndoPurchasePageProps =
  | ({ state: 'ready'; token: string; livemode: boolean } & UndoPurchaseFacts)
  | ({ state: 'undone'; undoneAt: string; livemode: boolean } & UndoPurchaseFacts)
  | { state: 'refused'; title: string; message: string; livemode: boolean };

/** What POST /api/undo-purchase answers once the purchase is undone. */
export interface UndoPurchaseAnswer {
  undone: true;
  /** "November 22, 2026 at 09:30 UTC". */
  undoneAt: string;
  /**
   * succeeded: the provider refunded it (the refund's e-mail is queued); pending: it refunds
   * later (Amazon Pay), its e-mail follows then; already: it was refunded before (customer
   * care); none: nothing was charged.
   */
  refund: { status: 'succeeded' | 'pending' | 'already' | 'none'; amount: string };
  brandName: string;
  offerName: string;
}
