import { HttpError } from '@/lib/server/http/HttpError';
import type { RefundService } from './RefundService';

/** What a webhook answers for a refund notification: settled (read back), or no refund of ours. */
export type RefundNoticeOutcome = 'applied' | 'unmatched';

/** A provider's notification that one of its refunds moved, by the provider's refund id. */
export type SettleRefund = (providerRefundId: string) => Promise<RefundNoticeOutcome>;

/**
 * Hands a provider's refund notification to the refund service, which reads the refund back
 * from the provider rather than taking the notification's word. The provider out of reach is
 * a 503, so that the notification is delivered again; a refund we never made is acknowledged.
 */
export function refundNotices(refunds: Pick<RefundService, 'settleByProviderId'>): SettleRefund {
  return async (providerRefundId) => {
    try {
      return (await refunds.settleByProviderId(providerRefundId)) ? 'applied' : 'unmatched';
    } catch (error) {
      if (error instanceof HttpError) throw error;
      console.error(`[refunds] the refund ${providerRefundId} could not be read back`, error);
      throw new HttpError(
        503,
        'refund_unsettled',
        'The refund could not be read back from the provider; deliver the notification again later.',
      );
    }
  };
}
