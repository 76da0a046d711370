import { describe, expect, it } from 'vitest';
import { HSTS_VALUE, strictTransportSecurity } from './strictTransport.mjs';

describe('strictTransportSecurity', () => {
  it('is sent when the site is https, for two years and its subdomains', () => {
    expect(strictTransportSecurity('https://subscribe.example.com')).toBe(HSTS_VALUE);
    expect(HSTS_VALUE).toBe('max-age=63072000; includeSubDomains');
  });

  it('is not sent for an http site or an unknown one (browsers ignore it over http anyway)', () => {
    expect(strictTransportSecurity('http://localhost:3000')).toBeNull();
    expect(strictTransportSecurity(undefined)).toBeNull();
  });
});
