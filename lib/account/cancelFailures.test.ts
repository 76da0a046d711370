import { describe, expect, it } from 'vitest';
import { codeMessage } from './apiFailure';
import { KEEP_FAILURES } from './cancelFailures';

describe('the keep link’s failures', () => {
  it('says that PayPal is down when keeping a PayPal subscription meets an outage, not the generic sentence', () => {
    expect(codeMessage('payment_provider_unavailable', KEEP_FAILURES, 'cancel.keep.error.fallback')).toEqual({
      id: 'account.call.payment_provider_unavailable',
    });
    expect(codeMessage('keep_link_used', KEEP_FAILURES, 'cancel.keep.error.fallback')).toEqual({ id: 'cancel.keep.error.keep_link_used' });
    expect(codeMessage('made_up', KEEP_FAILURES, 'cancel.keep.error.fallback')).toEqual({ id: 'cancel.keep.error.fallback' });
  });
});
