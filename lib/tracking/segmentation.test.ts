import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSegmentationClient, segmentationUrl } from './segmentation';
import { createMemoryTransport } from './transports/memoryTransport';

afterEach(() => vi.restoreAllMocks());

describe('segmentationUrl', () => {
  it.each([
    ['/user-context/segmentation', 'add', 'mtu.v', '/user-context/segmentation/add?segment=mtu.v'],
    ['/user-context/segmentation/', 'remove', 'mtu.v', '/user-context/segmentation/remove?segment=mtu.v'],
    ['https://seg.example.com/base', 'add', 'a b&c', 'https://seg.example.com/base/add?segment=a%20b%26c'],
  ] as const)('%s %s %s → %s', (base, operation, segment, expected) => {
    expect(segmentationUrl(base, operation, segment)).toBe(expected);
  });
});

describe('createSegmentationClient', () => {
  it('marks test-mode calls with livemode=false', async () => {
    const pixel = createMemoryTransport({ kind: 'pixel' });
    await createSegmentationClient('/user-context/segmentation', pixel, false).add('mtu.v');
    expect(pixel.sent.map((request) => request.url)).toEqual(['/user-context/segmentation/add?segment=mtu.v&livemode=false']);
  });

  it('adds and removes a segment with image requests carrying nothing but the segment', async () => {
    const pixel = createMemoryTransport({ kind: 'pixel' });
    const client = createSegmentationClient('/user-context/segmentation', pixel);
    await expect(client.add('mtu.v')).resolves.toBe(true);
    await expect(client.remove('mtu.v')).resolves.toBe(true);
    expect(pixel.sent).toEqual([
      { url: '/user-context/segmentation/add?segment=mtu.v', body: '' },
      { url: '/user-context/segmentation/remove?segment=mtu.v', body: '' },
    ]);
  });

  it('applies an operation named in data, and logs and ignores an unsupported one', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const pixel = createMemoryTransport({ kind: 'pixel' });
    const client = createSegmentationClient('/seg', pixel);
    await expect(client.apply('add', 'mtu.v')).resolves.toBe(true);
    await expect(client.apply('replace', 'mtu.v')).resolves.toBe(false);
    expect(pixel.sent.map((r) => r.url)).toEqual(['/seg/add?segment=mtu.v']);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Unsupported segment operation "replace"'));
  });

  it('logs and ignores an empty segment', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const pixel = createMemoryTransport();
    await expect(createSegmentationClient('/seg', pixel).add('  ')).resolves.toBe(false);
    expect(pixel.sent).toEqual([]);
    expect(warn).toHaveBeenCalled();
  });

  it('logs a failed request and never rejects, even when the transport throws', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(createSegmentationClient('/seg', createMemoryTransport({ accepting: false })).add('x')).resolves.toBe(false);
    const throwing = {
      kind: 'pixel' as const,
      send: () => {
        throw new Error('boom');
      },
    };
    await expect(createSegmentationClient('/seg', throwing).remove('x')).resolves.toBe(false);
    expect(warn).toHaveBeenCalledTimes(2);
  });
});
