import { describe, expect, it } from 'vitest';
import {
  NO_PROXIES,
  canonicalProxyRange,
  clientAddress,
  clientKey,
  clientNetwork,
  isFromTrustedProxy,
  isLoopbackClient,
  requestClientKey,
} from './clientAddress';

const request = (remoteAddress: string | undefined, forwardedFor?: string | string[]) => ({
  headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  socket: { remoteAddress },
});

const behind = (proxies: string[], hops: number) => ({ TRUSTED_PROXIES: proxies, TRUSTED_PROXY_HOPS: hops });
const NGINX_HERE = behind(['127.0.0.1/32', '0:0:0:0:0:0:0:1/128'], 1);

describe('clientAddress', () => {
  it('uses the socket without trusted proxies, whatever X-Forwarded-For says', () => {
    expect(clientAddress(request('203.0.113.7', '198.51.100.1'), NO_PROXIES)).toBe('203.0.113.7');
  });

  it('reads an IPv4-mapped socket address as IPv4', () => {
    expect(clientAddress(request('::ffff:203.0.113.7'), NO_PROXIES)).toBe('203.0.113.7');
  });

  it('takes the entry the one trusted proxy appended, not what the client sent before it', () => {
    expect(clientAddress(request('127.0.0.1', 'spoofed, 1.2.3.4, 198.51.100.9'), NGINX_HERE)).toBe('198.51.100.9');
    expect(clientAddress(request('::ffff:127.0.0.1', '198.51.100.9'), NGINX_HERE)).toBe('198.51.100.9');
    expect(clientAddress(request('::1', '2001:db8::7'), NGINX_HERE)).toBe('2001:db8:0:0:0:0:0:7');
  });

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy (someone reaching the port directly)', () => {
    // Finding 4: with TRUSTED_PROXY_HOPS alone, any peer chose its own address (and limit key) this way.
    expect(clientAddress(request('203.0.113.66', '198.51.100.1'), NGINX_HERE)).toBe('203.0.113.66');
    expect(requestClientKey(request('203.0.113.66', `198.51.100.${Math.floor(Math.random() * 250)}`), NGINX_HERE)).toBe('203.0.113.66');
    expect(clientAddress(request('10.0.0.9', '198.51.100.1'), behind(['10.0.0.0/30'], 1))).toBe('10.0.0.9');
  });

  it('walks from the right through trusted proxies only, two hops at most, across repeated headers', () => {
    const chain = behind(['10.0.0.0/24'], 2);
    expect(clientAddress(request('10.0.0.2', ['6.6.6.6, 198.51.100.9', '10.0.0.1']), chain)).toBe('198.51.100.9');
    // Reached through one proxy only: the entry it appended is the client, whatever came before it.
    expect(clientAddress(request('10.0.0.2', ['6.6.6.6, 198.51.100.9']), chain)).toBe('198.51.100.9');
    expect(clientAddress(request('10.0.0.2', ['6.6.6.6, 198.51.100.9', '203.0.113.5']), chain)).toBe('203.0.113.5');
    // A client inside the trusted range still cannot reach past the hops allowed.
    expect(clientAddress(request('10.0.0.2', '6.6.6.6, 10.0.0.77, 10.0.0.1'), chain)).toBe('10.0.0.77');
  });

  it('keeps the last address known when the header is missing or the entry is not an address', () => {
    expect(clientAddress(request('127.0.0.1'), NGINX_HERE)).toBe('127.0.0.1');
    expect(clientAddress(request('127.0.0.1', 'not-an-ip'), NGINX_HERE)).toBe('127.0.0.1');
    expect(clientAddress(request(undefined), NO_PROXIES)).toBe('unknown');
    expect(clientAddress(request(undefined, '198.51.100.1'), NGINX_HERE)).toBe('unknown');
  });
});

describe('isFromTrustedProxy', () => {
  it('is decided on the socket peer alone, never on what a header says', () => {
    expect(isFromTrustedProxy(request('127.0.0.1'), NGINX_HERE)).toBe(true);
    expect(isFromTrustedProxy(request('::ffff:127.0.0.1'), NGINX_HERE)).toBe(true);
    expect(isFromTrustedProxy(request('::1', '203.0.113.7'), NGINX_HERE)).toBe(true);
    expect(isFromTrustedProxy(request('203.0.113.7', '127.0.0.1'), NGINX_HERE)).toBe(false);
    expect(isFromTrustedProxy(request('10.0.0.3'), behind(['10.0.0.0/30'], 1))).toBe(true);
    expect(isFromTrustedProxy(request('10.0.0.4'), behind(['10.0.0.0/30'], 1))).toBe(false);
  });

  it('trusts nobody without proxies, nor a request without a peer', () => {
    expect(isFromTrustedProxy(request('127.0.0.1'), NO_PROXIES)).toBe(false);
    expect(isFromTrustedProxy(request(undefined), NGINX_HERE)).toBe(false);
  });
});

describe('canonicalProxyRange', () => {
  it.each([
    ['127.0.0.1', '127.0.0.1/32'],
    [' ::1 ', '0:0:0:0:0:0:0:1/128'],
    ['::ffff:10.0.0.1', '10.0.0.1/32'],
    ['10.1.2.3/8', '10.0.0.0/8'],
    ['fd00::/8', 'fd00:0:0:0:0:0:0:0/8'],
  ])('reads %s as %s', (value, range) => {
    expect(canonicalProxyRange(value)).toBe(range);
  });

  it.each(['nginx', '127.1', '10.0.0.0/33', '10.0.0.0/', '::1/129', '*'])('refuses %s', (value) => {
    expect(canonicalProxyRange(value)).toBeNull();
  });
});

describe('clientKey', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::ffff', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:aaaa::1', '2001:db8:1:2::/64'],
    ['::1', '0:0:0:0::/64'],
  ])('keys %s as %s', (address, key) => {
    expect(clientKey(address)).toBe(key);
  });

  it('puts two addresses of one /64 under one key, and of another /64 under another', () => {
    expect(requestClientKey(request('2001:db8:a:b::1'), NO_PROXIES)).toBe(requestClientKey(request('2001:db8:a:b:ffff::9'), NO_PROXIES));
    expect(requestClientKey(request('2001:db8:a:c::1'), NO_PROXIES)).not.toBe(requestClientKey(request('2001:db8:a:b::1'), NO_PROXIES));
  });
});

describe('isLoopbackClient', () => {
  const from = (remoteAddress: string, forwarded?: string) => ({
    headers: forwarded ? { 'x-forwarded-for': forwarded } : {},
    socket: { remoteAddress },
  });
  const proxy = { TRUSTED_PROXIES: ['10.0.0.5/32'], TRUSTED_PROXY_HOPS: 1 };

  it.each([
    ['127.0.0.1', true],
    ['127.8.9.10', true],
    ['::1', true],
    ['::ffff:127.0.0.1', true],
    ['10.0.0.7', false],
    ['2001:db8::1', false],
    ['', false],
  ])('%s directly: %s', (address, loopback) => {
    expect(isLoopbackClient(from(address), NO_PROXIES)).toBe(loopback);
  });

  it('is decided on the address through the trusted proxies, never on what a client writes', () => {
    // A stranger behind the trusted proxy is not loopback; a stranger claiming 127.0.0.1 directly is not either.
    expect(isLoopbackClient(from('10.0.0.5', '203.0.113.9'), proxy)).toBe(false);
    expect(isLoopbackClient(from('203.0.113.9', '127.0.0.1'), proxy)).toBe(false);
    expect(isLoopbackClient(from('127.0.0.1', '203.0.113.9'), { TRUSTED_PROXIES: ['127.0.0.1/32'], TRUSTED_PROXY_HOPS: 1 })).toBe(false);
    expect(isLoopbackClient(from('10.0.0.5', '127.0.0.1'), proxy)).toBe(true);
  });
});

describe('clientNetwork', () => {
  it.each([
    ['203.0.113.7', '203.0.113.0/24'],
    ['203.0.113.250', '203.0.113.0/24'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1::/48'],
    ['2001:db8:1:ffff::1', '2001:db8:1::/48'],
    ['unknown', 'unknown'],
  ])('puts %s in %s', (address, network) => {
    expect(clientNetwork(address)).toBe(network);
  });

  it('puts the many /64s of one /48 in one network, so that a range of clients counts as one', () => {
    expect(clientNetwork('2001:db8:a:b::1')).toBe(clientNetwork('2001:db8:a:c::1'));
    expect(clientNetwork('2001:db8:b:b::1')).not.toBe(clientNetwork('2001:db8:a:b::1'));
  });
});
