import { describe, expect, it } from 'vitest';
import { NO_PROXIES, requestClientKey } from '@/lib/server/http/clientAddress';
import { liftBody, parseLimitSubject } from './limitSubject';

describe('parseLimitSubject', () => {
  it('turns an IP address as an operator types it into the key its requests count under', () => {
    for (const typed of ['203.0.113.7', ' 203.0.113.7 ', '::ffff:203.0.113.7', '2001:db8:1:2::5', '2001:DB8:1:2:ffff::1']) {
      const key = requestClientKey({ headers: {}, socket: { remoteAddress: typed.trim() } }, NO_PROXIES);
      expect(parseLimitSubject(typed), typed).toEqual({ kind: 'client', key });
    }
    expect(parseLimitSubject('2001:db8:1:2::5')).toEqual({ kind: 'client', key: '2001:db8:1:2::/64' });
    expect(parseLimitSubject('::ffff:203.0.113.7')).toEqual({ kind: 'client', key: '203.0.113.7' });
  });

  it('takes a whole e-mail address, trimmed and lower-cased as sign-in counts it', () => {
    expect(parseLimitSubject(' QA@Example.COM ')).toEqual({ kind: 'email', key: 'qa@example.com' });
  });

  it('is null for anything else: a part of an address, a short form of IPv4, a range, words', () => {
    for (const typed of ['', '203.0.113', '10.1', '0x7f.1', '203.0.113.0/24', '2001:db8::/64', 'qa@', '@example.com', 'anyone']) {
      expect(parseLimitSubject(typed), typed).toBeNull();
    }
  });
});

describe('liftBody', () => {
  it('names a limit by its id or all, nothing else', () => {
    expect(liftBody.safeParse({ subject: '203.0.113.7', limit: 'declines:test' }).success).toBe(true);
    expect(liftBody.safeParse({ subject: '203.0.113.7', limit: 'all' }).success).toBe(true);
    for (const limit of ['ALL', 'declines', 'declines:staging', '%', '']) {
      expect(liftBody.safeParse({ subject: '203.0.113.7', limit }).success, limit).toBe(false);
    }
  });
});
