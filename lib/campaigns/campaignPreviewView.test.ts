import { describe, expect, it } from 'vitest';
import { campaignPreviewPath, previewTokenOf } from './campaignPreviewView';

const TOKEN = 'q1w2e3r4t5y6u7i8o9p0a1s2d3f4g5h6j7k8l9z0x1c';

describe('previewTokenOf', () => {
  it.each([
    [`/vogue/winter?preview=${TOKEN}`, TOKEN],
    [`/vogue/winter?source=mail&preview=${TOKEN}`, TOKEN],
    ['/vogue/winter', null],
    ['/vogue/winter?preview=', null],
    ['/vogue/winter?preview=short', null],
  ])('%s -> %s', (path, token) => {
    expect(previewTokenOf(path)).toBe(token);
  });
});

describe('campaignPreviewPath', () => {
  it('is the studio page of the link, under its campaign', () => {
    expect(campaignPreviewPath('vogue-winter', TOKEN)).toBe(`/admin/campaigns/vogue-winter/preview?link=${TOKEN}`);
  });
});
