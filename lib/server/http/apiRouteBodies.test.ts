import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { sql } from 'kysely';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { rawRequest } from '@/tests/fixtures/apiRouteServer';
import { origin, server, serveRoutesWithServerContext, trackingDb } from '@/tests/fixtures/routeServerContext';

/**
 * Every kind of API route, through Next's own API resolver on a real server: the answers
 * to bodies it cannot take are our JSON error shape, never Next's plain text (`413 Body
 * exceeded 8kb limit`, `400 Invalid JSON`) and never a 500.
 */

const STRIPE_SECRET = 'whsec_route_test_secret';
await serveRoutesWithServerContext({ STRIPE_WEBHOOK_SECRET_TEST: STRIPE_SECRET, PAYMENTS_SANDBOX: '1' }, [
  [/^\/api\/checkout\/quote$/, () => import('@/pages/api/checkout/quote')],
  [/^\/api\/checkout\/submit$/, () => import('@/pages/api/checkout/submit')],
  [/^\/api\/identity\/links$/, () => import('@/pages/api/identity/links')],
  [/^\/api\/sandbox\/payments\/(?<paymentId>[^/]+)\/authenticate$/, () => import('@/pages/api/sandbox/payments/[paymentId]/authenticate')],
  [/^\/api\/webhooks\/stripe$/, () => import('@/pages/api/webhooks/stripe')],
  [/^\/api\/funnel$/, () => import('@/pages/api/funnel')],
  [/^\/api\/ping$/, () => import('@/pages/api/ping')],
  [/^\/api\/admin\/outbox$/, () => import('@/pages/api/admin/outbox')],
]);

const post = (path: string, body: string | Buffer, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
  fetch(`${server.origin}${path}`, { method: 'POST', headers, body: body as BodyInit });

/** Our error shape, as JSON, with the status and code expected. */
async function expectJsonError(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const body = (await response.json()) as { error: { code: string; message: string } };
  expect(body).toEqual({ error: expect.objectContaining({ code, message: expect.any(String) }) });
  return body.error;
}

describe('JSON routes (apiRoute reads the body)', () => {
  it('answers an oversized body with our JSON 413 naming the limit (quote: 4 KiB, submit: 8 KiB)', async () => {
    const quote = await expectJsonError(
      await post('/api/checkout/quote', JSON.stringify({ pad: 'x'.repeat(5000) })),
      413,
      'payload_too_large',
    );
    expect(quote.message).toContain('4 KiB (4096 bytes)');
    const submit = await expectJsonError(
      await post('/api/checkout/submit', JSON.stringify({ pad: 'x'.repeat(9000) })),
      413,
      'payload_too_large',
    );
    expect(submit.message).toContain('8 KiB (8192 bytes)');
  });

  it('refuses a declared Content-Length over the limit at once, without waiting for the body', async () => {
    const answer = await rawRequest(
      server.port,
      'POST /api/checkout/submit HTTP/1.1\nHost: x\nContent-Type: application/json\nContent-Length: 1000000',
    );
    expect(answer.status).toBe(413);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(answer.body)).toMatchObject({ error: { code: 'payload_too_large' } });
    expect(answer.closed).toBe(true);
  });

  it('cuts off a chunked body that goes over the limit, and closes the connection', async () => {
    const chunk = `400\r\n${' '.repeat(1024)}\r\n`;
    const answer = await rawRequest(
      server.port,
      'POST /api/checkout/quote HTTP/1.1\nHost: x\nContent-Type: application/json\nTransfer-Encoding: chunked',
      Array.from({ length: 64 }, () => chunk),
    );
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ error: { code: 'payload_too_large' } });
    expect(answer.closed).toBe(true);
  });

  it.each([
    ['malformed JSON', '{"brand":', { 'content-type': 'application/json' }, 400, 'invalid_json'],
    ['an empty body', '', { 'content-type': 'application/json' }, 400, 'empty_body'],
    ['bytes that are not UTF-8', Buffer.from([0x7b, 0xc3, 0x28, 0x7d]), { 'content-type': 'application/json' }, 400, 'invalid_encoding'],
    ['a form', 'brand=vogue', { 'content-type': 'application/x-www-form-urlencoded' }, 415, 'unsupported_media_type'],
    ['no content type', '{}', {}, 415, 'unsupported_media_type'],
    ['an unknown charset', '{}', { 'content-type': 'application/json; charset=klingon' }, 415, 'unsupported_media_type'],
    ['a gzip body', gzipSync('{}'), { 'content-type': 'application/json', 'content-encoding': 'gzip' }, 415, 'unsupported_encoding'],
    [
      'an unknown Content-Encoding',
      '{}',
      { 'content-type': 'application/json', 'content-encoding': 'zstd-9000' },
      415,
      'unsupported_encoding',
    ],
  ])('answers %s with our JSON error, not Next’s plain text', async (_name, body, headers, status, code) => {
    await expectJsonError(await post('/api/checkout/quote', body, headers as Record<string, string>), status, code);
  });

  it('hands a valid body to the handler (its own answer follows)', async () => {
    const body = {
      email: 'reader@example.com',
      purpose: 'magic-link',
      brand: 'nobrand',
      urlSlug: 'nocampaign',
      returnPath: '/nobrand/nocampaign',
    };
    await expectJsonError(await post('/api/identity/links', JSON.stringify(body)), 404, 'campaign_not_found');
    await expectJsonError(await post('/api/identity/links', JSON.stringify({ ...body, purpose: 'other' })), 400, 'invalid_body');
    await expectJsonError(
      await post(`/api/sandbox/payments/pi_sandbox_${'a'.repeat(20)}/authenticate`, JSON.stringify({ outcome: 'approve' })),
      404,
      'payment_not_found',
    );
  });
});

describe('raw-body routes', () => {
  const signed = (payload: string) => ({
    'content-type': 'application/json',
    'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: STRIPE_SECRET }),
  });

  it('keeps verifying webhook signatures over the exact bytes', async () => {
    const payload = JSON.stringify({ id: 'evt_route_1', object: 'event', type: 'customer.created', data: { object: {} } });
    const response = await post('/api/webhooks/stripe', payload, signed(payload));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, eventId: 'evt_route_1', outcome: 'ignored' });
    const tampered = payload.replace('evt_route_1', 'evt_route_2');
    await expectJsonError(await post('/api/webhooks/stripe', tampered, signed(payload)), 400, 'invalid_signature');
  });

  it('answers an oversized or compressed webhook body with our JSON', async () => {
    const big = JSON.stringify({ pad: 'x'.repeat(300 * 1024) });
    await expectJsonError(await post('/api/webhooks/stripe', big, signed(big)), 413, 'payload_too_large');
    const answer = await rawRequest(
      server.port,
      'POST /api/webhooks/stripe HTTP/1.1\nHost: x\nContent-Type: application/json\nStripe-Signature: t=1,v1=x\nContent-Length: 10000000',
    );
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ error: { code: 'payload_too_large' } });
    const payload = JSON.stringify({ id: 'evt_route_3', object: 'event', type: 'customer.created', data: { object: {} } });
    await expectJsonError(
      await post('/api/webhooks/stripe', gzipSync(payload), { ...signed(payload), 'content-encoding': 'gzip' }),
      415,
      'unsupported_encoding',
    );
  });

  it('refuses a compressed tracking body with our JSON (the endpoint reads its own body)', async () => {
    await expectJsonError(
      await post('/api/funnel?api_key=pj-demo-funnel-key', gzipSync('[]'), {
        'content-type': 'text/plain;charset=UTF-8',
        'content-encoding': 'gzip',
      }),
      415,
      'unsupported_encoding',
    );
  });
});

describe('routes that take no body', () => {
  it('ignore a body rather than answer it with plain text', async () => {
    // Next would have answered 413 in plain text (its parser reads bodies of every method, 1 MiB at most).
    const answer = await rawRequest(
      server.port,
      `GET /api/ping HTTP/1.1\nHost: x\nContent-Type: text/plain\nContent-Length: ${2 * 1024 * 1024}`,
      [Buffer.alloc(2 * 1024 * 1024, 0x61)],
    );
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ ok: true });
    const outbox = await rawRequest(
      server.port,
      'GET /api/admin/outbox HTTP/1.1\nHost: x\nContent-Type: application/json\nContent-Length: 8',
      ['{"a":tru'],
    );
    expect(outbox.status).toBe(401);
    expect(JSON.parse(outbox.body)).toMatchObject({ error: { code: 'unauthorized' } });
  });
});

describe('GET /api/ping', () => {
  it('answers ok', async () => {
    expect(await (await fetch(`${origin}/api/ping`)).json()).toEqual({ ok: true });
    expect((await sql<{ n: number }>`select 1 as n`.execute(await trackingDb())).rows).toEqual([{ n: 1 }]);
  });
});

describe('every API route', () => {
  const apiDir = path.join(process.cwd(), 'pages/api');
  const routeFiles = (fs.readdirSync(apiDir, { recursive: true }) as string[]).filter((file) => /\.tsx?$/.test(file)).sort();

  it.each(routeFiles)('%s turns off Next’s body parser, whose refusals are plain text', (file) => {
    const source = fs.readFileSync(path.join(apiDir, file), 'utf8');
    expect(source).toContain('export const config = { api: { bodyParser: false } };');
    expect(source).not.toMatch(/sizeLimit/);
  });
});
