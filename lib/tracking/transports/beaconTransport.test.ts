import { describe, expect, it, vi } from 'vitest';
import { createBeaconTransport } from './beaconTransport';

describe('createBeaconTransport', () => {
  it('hands the JSON string to navigator.sendBeacon and resolves true when the browser queues it', async () => {
    const sendBeacon = vi.fn(() => true);
    const transport = createBeaconTransport(() => ({ sendBeacon }));
    expect(transport.kind).toBe('beacon');
    await expect(transport.send('/martech/api/funnel?api_key=k', '[{"action":"x"}]')).resolves.toBe(true);
    expect(sendBeacon).toHaveBeenCalledWith('/martech/api/funnel?api_key=k', '[{"action":"x"}]');
  });

  it('calls sendBeacon synchronously, so a send from pagehide leaves before the page is gone', () => {
    const sendBeacon = vi.fn(() => true);
    void createBeaconTransport(() => ({ sendBeacon })).send('/u', '[]');
    expect(sendBeacon).toHaveBeenCalledTimes(1);
  });

  it('resolves false when the browser refuses the payload', async () => {
    await expect(createBeaconTransport(() => ({ sendBeacon: () => false })).send('/u', '[]')).resolves.toBe(false);
  });

  it('resolves false when there is no navigator or no sendBeacon', async () => {
    await expect(createBeaconTransport(() => undefined).send('/u', '[]')).resolves.toBe(false);
    await expect(createBeaconTransport(() => ({}) as Navigator).send('/u', '[]')).resolves.toBe(false);
  });

  it('resolves false, with a warning, when sendBeacon throws', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const transport = createBeaconTransport(() => ({
      sendBeacon: () => {
        throw new TypeError('Illegal invocation');
      },
    }));
    await expect(transport.send('/u', '[]')).resolves.toBe(false);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
