import { describe, expect, it } from 'vitest';
import { clientAddress, clientKey, requestClientKey } from './clientAddress';

const request = (remoteAddress: string | undefined, forwardedFor?: string | string[]) => ({
  headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  socket: { remoteAddress },
});

describe('clientAddress', () => {
  it('uses the socket without trusted proxies, whatever X-Forwarded-For says', () => {
    expect(clientAddress(request('203.0.113.7', '198.51.100.1'), 0)).toBe('203.0.113.7');
  });

  it('reads an IPv4-mapped socket address as IPv4', () => {
    expect(clientAddress(request('::ffff:203.0.113.7'), 0)).toBe('203.0.113.7');
  });

  it('takes the entry the one trusted proxy appended, not what the client sent before it', () => {
    expect(clientAddress(request('127.0.0.1', 'spoofed, 1.2.3.4, 198.51.100.9'), 1)).toBe('198.51.100.9');
  });

  it('counts hops from the right with two proxies, across repeated headers', () => {
    expect(clientAddress(request('10.0.0.2', ['6.6.6.6, 198.51.100.9', '10.0.0.1']), 2)).toBe('198.51.100.9');
  });

  it('falls back to the socket when the header is missing or the entry is not an address', () => {
    expect(clientAddress(request('10.0.0.2'), 1)).toBe('10.0.0.2');
    expect(clientAddress(request('10.0.0.2', 'not-an-ip'), 1)).toBe('10.0.0.2');
    expect(clientAddress(request(undefined), 0)).toBe('unknown');
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
    expect(requestClientKey(request('2001:db8:a:b::1'), 0)).toBe(requestClientKey(request('2001:db8:a:b:ffff::9'), 0));
    expect(requestClientKey(request('2001:db8:a:c::1'), 0)).not.toBe(requestClientKey(request('2001:db8:a:b::1'), 0));
  });
});
