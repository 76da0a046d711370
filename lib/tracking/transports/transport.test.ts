import { describe, expect, it, vi } from 'vitest';
import { createBeaconTransport } from './beaconTransport';
import { createMemoryTransport } from './memoryTransport';
import { createPixelTransport } from './pixelTransport';
import type { Transport } from './transport';
import { createXhrTransport } from './xhrTransport';

/** The shared contract (transport.ts): every transport resolves a boolean and never throws or rejects. */
const broken = () => {
  throw new Error('environment broken');
};
const unavailable: [string, Transport][] = [
  ['beacon', createBeaconTransport(() => undefined)],
  ['beacon (throwing)', createBeaconTransport(broken)],
  ['pixel', createPixelTransport(null)],
  ['pixel (throwing)', createPixelTransport(broken)],
  ['xhr', createXhrTransport(null)],
  ['xhr (throwing)', createXhrTransport(broken)],
  ['memory (refusing)', createMemoryTransport({ accepting: false })],
];

describe('Transport contract', () => {
  it.each(unavailable)('%s resolves false when it cannot send, without throwing', async (_, transport) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let result: Promise<boolean> | undefined;
    expect(() => (result = transport.send('/u', '[]'))).not.toThrow();
    await expect(result).resolves.toBe(false);
    warn.mockRestore();
  });
});
