import { call } from './backOfficeApi';
import type { CareCustomerView, CareRefundView } from './careViews';

/** Customer care's calls (pages/api/operator/care/*); each rejects with an ApiError whose message can be shown. */
export const careApi = {
  cancel: (subscriptionId: string, when: 'period_end' | 'now', reason: string) =>
    call<{ customer: CareCustomerView }>('POST', `/api/operator/care/subscriptions/${encodeURIComponent(subscriptionId)}/cancel`, {
      when,
      reason,
    }),
  moveDelivery: (subscriptionId: string, address: { line1: string; city: string; postalCode: string; region?: string }, reason: string) =>
    call<{ customer: CareCustomerView }>(
      'POST',
      `/api/operator/care/subscriptions/${encodeURIComponent(subscriptionId)}/delivery-address`,
      { address, reason },
    ),
  refund: (transactionId: string, refund: { amount: number | 'full'; reason: string; idempotencyKey: string }) =>
    call<{ refund: CareRefundView; customer: CareCustomerView | null }>(
      'POST',
      `/api/operator/care/transactions/${encodeURIComponent(transactionId)}/refund`,
      refund,
    ),
};
