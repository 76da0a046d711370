import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isPersonalCookie } from '@/lib/server/http/pageCaching';
import { DEPLOY_CONF, nginxConfigFor } from './nginxFront';

describe('nginxConfigFor', () => {
  it('changes only the port and the upstream servers of deploy/nginx.conf', () => {
    const shipped = fs.readFileSync(DEPLOY_CONF, 'utf8');
    const conf = nginxConfigFor(3333, ['127.0.0.1:4001', '127.0.0.1:4002']);
    expect(conf).toContain('listen 127.0.0.1:3333;');
    expect(conf).toContain('server 127.0.0.1:4001;\n        server 127.0.0.1:4002;');
    expect(
      conf
        .replace('listen 127.0.0.1:3333;', 'listen 8080;')
        .replace('server 127.0.0.1:4001;\n        server 127.0.0.1:4002;', 'server 127.0.0.1:3000;'),
    ).toBe(shipped);
  });
});

/**
 * deploy/nginx.conf must bypass its cache for exactly the requests the app answers
 * privately because of a cookie: its map and isPersonalCookie against one table.
 */
describe("deploy/nginx.conf's personal-cookie rule", () => {
  const conf = fs.readFileSync(DEPLOY_CONF, 'utf8');
  const map = /map \$http_cookie \$journey_personal_cookie \{[^}]*"~([^"]+)" 1;/.exec(conf);
  const nginxSaysPersonal = (header: string) => new RegExp(map![1]!).test(header);
  const appSaysPersonal = (header: string) => header.split(/;\s*/).some((pair) => isPersonalCookie(pair.split('=')[0]!));

  it('is found in the configuration', () => {
    expect(map).not.toBeNull();
  });

  it.each<[string, boolean]>([
    ['', false],
    ['_ga=GA1.2.3; _gid=x', false],
    ['OptanonConsent=isIABGlobal%3Dfalse; OptanonAlertBoxClosed=2026-01-01', false],
    ['xpj_cart=1; mymt_livemode=false', false],
    ['pj=1', false],
    ['mt_livemode=false', true],
    ['mt_livemode=true', true],
    ['_ga=1; mt_livemode=false', true],
    ['_ga=1;mt_livemode=false', true],
    ['CN_token_access=abc', true],
    ['_ga=1; CN_token_access_expires=1900000000', true],
    ['__Host-CN_token_access=abc', true],
    ['_ga=1; __Host-CN_token_access=abc; x=1', true],
    ['CN_sign_in_nonce=abc; __Host-CN_sign_in_nonce=abc', false],
    ['x__Host-CN_token_access=abc', false],
    ['pj_consent=C0001%2CC0002', true],
    ['a=1; pj_cart_vogue-demo-single=xyz; b=2', true],
    ['pj_receipt=txn.token', true],
    ['__Host-pj_receipt=txn.token', true],
  ])('%s → personal: %s', (header, personal) => {
    expect(appSaysPersonal(header)).toBe(personal);
    expect(nginxSaysPersonal(header)).toBe(personal);
  });
});

/**
 * The app believes the CDN's geolocation headers from nginx (a trusted proxy): nginx must
 * never pass on the ones a visitor wrote. As shipped it lists no CDN, so it clears them.
 */
describe("deploy/nginx.conf's geolocation headers", () => {
  const conf = fs.readFileSync(DEPLOY_CONF, 'utf8');

  it.each([
    ['CloudFront-Viewer-Country', 'journey_edge_country', 'cloudfront_viewer_country'],
    ['CloudFront-Viewer-Country-Region', 'journey_edge_region', 'cloudfront_viewer_country_region'],
  ])("sets %s to the CDN's value from the CDN only, and to nothing otherwise", (header, variable, incoming) => {
    expect(conf).toContain(`proxy_set_header ${header} $${variable};`);
    const map = new RegExp(`map \\$journey_from_cdn \\$${variable} \\{\\s*default "";\\s*1 \\$http_${incoming};\\s*\\}`);
    expect(conf).toMatch(map);
  });

  it('lists no CDN address as shipped: nginx is then the edge', () => {
    const geo = /geo \$journey_from_cdn \{([^}]*)\}/.exec(conf)![1]!;
    const entries = geo
      .split('\n')
      .map((line) => line.replace(/#.*/, '').trim())
      .filter(Boolean);
    expect(entries).toEqual(['default 0;']);
  });
});
