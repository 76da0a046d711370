import { call } from './backOfficeApi';
import type { VatDecision } from './vatReviewViews';

/** Finance's call (pages/api/operator/vat-numbers/[subscriptionId]); rejects with an ApiError whose message can be shown. */
export const vatReviewApi = {
  review: (subscriptionId: string, vatNumber: string, decision: VatDecision) =>
    call<{ subscriptionId: string; vatStatus: VatDecision }>('POST', `/api/operator/vat-numbers/${encodeURIComponent(subscriptionId)}`, {
      vatNumber,
      decision,
    }),
};
