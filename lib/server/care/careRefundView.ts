import type { CareRefundView } from '@/lib/operators/careViews';
import type { Refund } from '@/lib/server/refunds/Refund';

/** A refund as care's pages show it: the provider's refusal in words, no provider ids. */
export const careRefundView = (r: Refund): CareRefundView => ({
  id: r.id,
  amount: r.amount,
  status: r.status,
  creditNoteNumber: r.creditNoteNumber,
  reason: r.reason,
  requestedBy: r.requestedBy,
  failure: r.failure ? r.failure.message || r.failure.code : null,
  createdAt: r.createdAt,
  settledAt: r.settledAt,
});
