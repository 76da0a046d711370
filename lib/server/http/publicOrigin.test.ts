import { describe, expect, it } from 'vitest';
import { publicOrigin } from './publicOrigin';

describe('publicOrigin', () => {
  it('uses PUBLIC_ORIGIN whatever the Host header says', () => {
    expect(publicOrigin({ PUBLIC_ORIGIN: 'https://subscribe.example.com/' }, { headers: { host: 'evil.example' } })).toBe(
      'https://subscribe.example.com',
    );
  });

  it.each(['localhost:3000', '127.0.0.1:3210', '[::1]:3000'])('falls back to the local host %s on a developer machine', (host) => {
    expect(publicOrigin({}, { headers: { host } })).toBe(`http://${host}`);
  });

  it.each(['evil.example', 'subscribe.example.com', 'localhost:99999', undefined])(
    'refuses to build links from the Host %s without PUBLIC_ORIGIN',
    (host) => {
      expect(() => publicOrigin({}, { headers: { host } })).toThrow(
        expect.objectContaining({ status: 503, code: 'public_origin_missing' }),
      );
    },
  );
});
