import { afterEach, describe, expect, it, vi } from 'vitest';
import { collectorOrigin, hostnameOf, registrableDomain } from './collectorUrl';

afterEach(() => vi.restoreAllMocks());

describe('registrableDomain', () => {
  it.each([
    ['www.vogue.com', 'vogue.com'],
    ['vogue.com', 'vogue.com'],
    ['subscribe.shop.newyorker.com', 'newyorker.com'],
    ['www.vogue.co.uk', 'vogue.co.uk'],
    ['www.gq-magazine.co.uk', 'gq-magazine.co.uk'],
    ['www.gq.com.au', 'gq.com.au'],
    ['www.vogue.co.jp', 'vogue.co.jp'],
    ['www.gq.fr', 'gq.fr'],
    ['co.uk', 'co.uk'],
    ['WWW.Vogue.COM.', 'vogue.com'],
    ['localhost', 'localhost'],
    ['app.localhost', 'app.localhost'],
    ['127.0.0.1', '127.0.0.1'],
    ['[::1]', '[::1]'],
    ['intranet', 'intranet'],
  ])('%s → %s', (host, expected) => {
    expect(registrableDomain(host)).toBe(expected);
  });
});

describe('hostnameOf', () => {
  it.each([
    ['www.vogue.com', 'www.vogue.com'],
    ['localhost:3000', 'localhost'],
    ['[::1]:3000', '[::1]'],
  ])('%s → %s', (host, expected) => {
    expect(hostnameOf(host)).toBe(expected);
  });
});

describe('collectorOrigin', () => {
  it.each([
    ['no template: the page origin', null, 'www.vogue.com', 'https:', 'https://www.vogue.com'],
    ['blank template: the page origin', '  ', 'localhost:3000', 'http:', 'http://localhost:3000'],
    ['{domain}', 'https://c.{domain}', 'www.vogue.com', 'https:', 'https://c.vogue.com'],
    ['{domain} under co.uk', 'https://c.{domain}', 'www.vogue.co.uk', 'https:', 'https://c.vogue.co.uk'],
    ['{host}', 'https://{host}', 'subscribe.vogue.com', 'https:', 'https://subscribe.vogue.com'],
    ['no scheme: the page protocol', 'c.{domain}', 'www.vogue.com', 'http', 'http://c.vogue.com'],
    ['protocol-relative', '//c.{domain}', 'www.vogue.com', 'https:', 'https://c.vogue.com'],
    ['a path is not part of the origin', 'https://c.{domain}/com.condenast/yv8', 'www.vogue.com', 'https:', 'https://c.vogue.com'],
    ['a port in the template is kept', 'https://c.{domain}:8443', 'www.vogue.com', 'https:', 'https://c.vogue.com:8443'],
    ['a fixed template is used as it is', 'https://collector.example.net', 'www.vogue.com', 'https:', 'https://collector.example.net'],
    ['a fixed template also on localhost', 'https://collector.example.net', 'localhost:3000', 'http:', 'https://collector.example.net'],
    ['localhost with placeholders: the page origin', 'https://c.{domain}', 'localhost:3000', 'http:', 'http://localhost:3000'],
    ['an IP with placeholders: the page origin', 'https://c.{domain}', '192.168.1.20:3000', 'http:', 'http://192.168.1.20:3000'],
  ])('%s', (_, template, host, protocol, expected) => {
    expect(collectorOrigin(template, host, protocol)).toBe(expected);
  });

  it('logs an unusable template and uses the page origin', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(collectorOrigin('https://exa mple.{domain}', 'www.vogue.com', 'https:')).toBe('https://www.vogue.com');
    expect(warn).toHaveBeenCalledOnce();
  });
});
