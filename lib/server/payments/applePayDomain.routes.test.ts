import { describe, expect, it } from 'vitest';
import { server, serveRoutesWithServerContext } from '@/tests/fixtures/routeServerContext';
import { parseServerEnv } from '@/lib/server/config/serverEnv';

/** Apple Pay's domain association file through Next's own API resolver: the setting word for word, or a 404. */
const FILE =
  '7B227073704964223A2239373943394538343346343131343044463144313834343232393232313734313034353044314339464446394437384337313531303944334643463542433731222C2276657273696F6E223A312C22637265617465644F6E223A313631353831393436353035352C227369676E6174757265223A22';
await serveRoutesWithServerContext({ APPLE_PAY_DOMAIN_ASSOCIATION: FILE }, [
  [/^\/api\/apple-pay\/domain-association$/, () => import('@/pages/api/apple-pay/domain-association')],
]);
const { serverContext } = await import('@/lib/server/context/serverContext');

const get = () => fetch(`${server.origin}/api/apple-pay/domain-association`);

describe("Apple Pay's domain association file", () => {
  it('is served as plain text, word for word, when configured', async () => {
    const res = await get();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await res.text()).toBe(FILE);
  });

  it('is a 404 with a message when not configured', async () => {
    const context = await serverContext();
    const configured = context.config.APPLE_PAY_DOMAIN_ASSOCIATION;
    context.config.APPLE_PAY_DOMAIN_ASSOCIATION = undefined;
    try {
      const res = await get();
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: { code: 'not_found', message: 'Apple Pay is not set up on this server.' } });
    } finally {
      context.config.APPLE_PAY_DOMAIN_ASSOCIATION = configured;
    }
  });

  it('refuses a POST (405) and an empty setting at start', async () => {
    expect((await fetch(`${server.origin}/api/apple-pay/domain-association`, { method: 'POST' })).status).toBe(405);
    expect(() => parseServerEnv({ APPLE_PAY_DOMAIN_ASSOCIATION: '   ' })).toThrow(/APPLE_PAY_DOMAIN_ASSOCIATION/);
  });
});

describe('where Apple looks for it', () => {
  it('is rewritten from /.well-known to the route', async () => {
    const { default: nextConfig } = (await import('@/next.config.js')) as {
      default: { rewrites: () => Promise<{ beforeFiles: unknown[] }> };
    };
    expect((await nextConfig.rewrites()).beforeFiles).toContainEqual({
      source: '/.well-known/apple-developer-merchantid-domain-association',
      destination: '/api/apple-pay/domain-association',
    });
  });
});
