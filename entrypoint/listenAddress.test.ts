import { describe, expect, it } from 'vitest';
import { listenHost } from './listenAddress.mjs';

describe('listenHost', () => {
  it('listens on every interface when no proxy is in front (the demo, a lone instance)', () => {
    expect(listenHost(undefined, {})).toBe('0.0.0.0');
    expect(listenHost(undefined, { TRUSTED_PROXIES: ' ' })).toBe('0.0.0.0');
  });

  it('listens on loopback only behind a proxy, so that nobody reaches the port around it', () => {
    expect(listenHost(undefined, { TRUSTED_PROXIES: '127.0.0.1,::1', TRUSTED_PROXY_HOPS: '1' })).toBe('127.0.0.1');
  });

  it('takes -H first, then LISTEN_HOST (a proxy on another machine), never HOSTNAME', () => {
    expect(listenHost('10.0.0.12', { LISTEN_HOST: '0.0.0.0', TRUSTED_PROXIES: '10.0.0.5' })).toBe('10.0.0.12');
    expect(listenHost(undefined, { LISTEN_HOST: '10.0.0.12', TRUSTED_PROXIES: '10.0.0.5' })).toBe('10.0.0.12');
    expect(listenHost(undefined, { HOSTNAME: 'web-1' })).toBe('0.0.0.0');
  });

  it('refuses a name or garbage, naming where it came from', () => {
    expect(() => listenHost('localhost', {})).toThrow('-H must be an IP address');
    expect(() => listenHost(undefined, { LISTEN_HOST: 'web-1' })).toThrow('LISTEN_HOST must be an IP address');
  });
});
