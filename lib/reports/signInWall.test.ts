import { describe, expect, it } from 'vitest';
import { computeSignInWall } from './signInWall';

describe('computeSignInWall', () => {
  it('counts the drop-off as the visitors at the wall who never passed it', () => {
    const [figure] = computeSignInWall([{ campaignId: 'epi-preauth', visits: 12, atWall: 10, passed: 4 }], new Set(['epi-preauth']));
    expect(figure).toEqual({
      campaignId: 'epi-preauth',
      preAuth: true,
      visits: 12,
      atWall: 10,
      passed: 4,
      dropped: 6,
      dropOff: { ratio: 0.6, label: '60.0%' },
    });
  });

  it('leaves out campaigns whose visitors never met the wall, unless the campaign has pre-auth on', () => {
    const figures = computeSignInWall(
      [
        { campaignId: 'vogue-single', visits: 50, atWall: 0, passed: 0 },
        { campaignId: 'epi-preauth', visits: 3, atWall: 0, passed: 0 },
        { campaignId: 'ny-dual', visits: 40, atWall: 2, passed: 2 },
      ],
      new Set(['epi-preauth']),
    );
    expect(figures.map((f) => [f.campaignId, f.preAuth, f.dropOff.label])).toEqual([
      ['epi-preauth', true, '—'],
      ['ny-dual', false, '0.0%'],
    ]);
  });

  it('orders pre-auth campaigns first, then by visitors at the wall', () => {
    const figures = computeSignInWall(
      [
        { campaignId: 'b', visits: 9, atWall: 9, passed: 1 },
        { campaignId: 'a', visits: 2, atWall: 2, passed: 1 },
        { campaignId: 'c', visits: 20, atWall: 20, passed: 1 },
      ],
      new Set(['a']),
    );
    expect(figures.map((f) => f.campaignId)).toEqual(['a', 'c', 'b']);
  });
});
