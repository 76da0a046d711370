import { describe, expect, it } from 'vitest';
import { HttpError } from '@/lib/server/http/HttpError';
import type { Refund } from './Refund';
import { refundNotices } from './refundNotices';

const refund = { id: 're_1', status: 'succeeded' } as Refund;

describe('refundNotices', () => {
  it('answers applied for a refund of ours, read back, and unmatched for one we never made', async () => {
    const asked: string[] = [];
    const settle = refundNotices({ settleByProviderId: async (id) => (asked.push(id), id === 're_ours' ? refund : null) });
    expect(await settle('re_ours')).toBe('applied');
    expect(await settle('re_theirs')).toBe('unmatched');
    expect(asked).toEqual(['re_ours', 're_theirs']);
  });

  it('answers 503 when the provider cannot be asked, so that the notification comes again', async () => {
    const settle = refundNotices({
      settleByProviderId: async () => {
        throw new Error('connect ECONNREFUSED');
      },
    });
    await expect(settle('re_ours')).rejects.toMatchObject({ status: 503, code: 'refund_unsettled' });
    const refused = refundNotices({
      settleByProviderId: async () => {
        throw new HttpError(503, 'refund_provider_unavailable', 'The payment provider did not answer.');
      },
    });
    await expect(refused('re_ours')).rejects.toMatchObject({ code: 'refund_provider_unavailable' });
  });
});
