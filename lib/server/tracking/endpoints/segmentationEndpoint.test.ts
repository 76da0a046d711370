import { describe, expect, it } from 'vitest';
import { eventRows, expectRefused, origin } from '@/tests/fixtures/trackingRoutes';

/** Segment membership pixels, through pages/api/segmentation/[operation]. */

describe('GET /user-context/segmentation/add|remove', () => {
  it.each(['add', 'remove'])('stores %s with the segment and answers the GIF', async (operation) => {
    const response = await fetch(`${origin}/api/segmentation/${operation}?segment=mtu.v&livemode=false`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/gif');
    const rows = await eventRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ channel: 'segmentation', action: operation, livemode: 0, campaign_id: null });
    expect(JSON.parse(rows[0]!.payload_json)).toEqual({ segment: 'mtu.v' });
  });

  it.each(['MTU.V', '', '.hidden', 'a'.repeat(65), 'a b'])('refuses the segment "%s"', async (segment) => {
    await expectRefused(
      await fetch(`${origin}/api/segmentation/add?segment=${encodeURIComponent(segment)}`),
      400,
      'invalid_segment',
      'segmentation',
    );
  });

  it('answers 404 for another operation', async () => {
    await expectRefused(await fetch(`${origin}/api/segmentation/toggle?segment=mtu.v`), 404, 'unknown_operation', 'segmentation');
  });

  it('refuses POST with 405', async () => {
    await expectRefused(
      await fetch(`${origin}/api/segmentation/add?segment=mtu.v`, { method: 'POST' }),
      405,
      'method_not_allowed',
      'segmentation',
    );
  });
});
