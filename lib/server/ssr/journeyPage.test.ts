import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { GetServerSidePropsContext } from 'next';
import { appDb } from '../db/appDb';
import { importCatalogueJson } from '../catalogue/importCatalogue';
import { readDemoCatalogue } from '../catalogue/demoCatalogue';
import { invalidateCatalogue } from '../catalogue/catalogueService';
import { getServerSideProps } from './journeyPage';

vi.hoisted(() => {
  process.env.DATABASE_URL = 'file::memory:';
});

beforeAll(async () => {
  await importCatalogueJson(await appDb(), readDemoCatalogue());
  invalidateCatalogue();
});

function context(resolvedUrl: string, options: { cookies?: Record<string, string>; host?: string; method?: string } = {}) {
  const pathname = resolvedUrl.split('?')[0]!;
  const [brand, url_slug, ...step] = pathname.split('/').slice(1);
  const headers: Record<string, string> = {};
  const res = { statusCode: 200, headers, setHeader: (name: string, value: string) => (headers[name] = value) };
  const ctx = {
    params: { brand, url_slug, ...(step.length ? { step } : {}) },
    query: {},
    resolvedUrl,
    req: { method: options.method ?? 'GET', headers: { host: options.host ?? 'localhost:3000' }, cookies: options.cookies ?? {} },
    res,
  } as unknown as GetServerSidePropsContext;
  return { ctx, res };
}

async function load(url: string, options?: Parameters<typeof context>[1]) {
  const { ctx, res } = context(url, options);
  return { result: await getServerSideProps(ctx), status: res.statusCode, headers: res.headers };
}

describe('journey page loader', () => {
  it.each([
    ['/vogue/demo-single', 'campaign', 'single-offer-v1'],
    ['/newyorker/demo-dual', 'campaign', 'dual-offer-v2'],
    ['/wired/demo-trial/cart', 'cart', 'single-offer-v1'],
  ])('%s is the %s step with the %s template', async (url, step, template) => {
    const { result } = await load(url);
    expect(result).toMatchObject({ props: { kind: 'journey', location: { step }, flow: { templateIdentifier: template } } });
  });

  it('reads live mode, test mode and source, and keeps the query for the next step', async () => {
    expect((await load('/vogue/demo-single')).result).toMatchObject({ props: { mode: { livemode: true, source: null }, search: '' } });
    expect((await load('/vogue/demo-single?livemode=false&source=newsletter')).result).toMatchObject({
      props: { mode: { livemode: false, source: 'newsletter' }, search: '?livemode=false&source=newsletter' },
    });
    expect((await load('/vogue/demo-single', { cookies: { mt_livemode: 'false' } })).result).toMatchObject({
      props: { mode: { livemode: false } },
    });
  });

  it('answers a malformed query with a 400 page that says what is wrong', async () => {
    const { result, status } = await load('/vogue/demo-single?livemode=maybe');
    expect(status).toBe(400);
    expect(result).toEqual({ props: { kind: 'refused', status: 400, message: 'The "livemode" parameter must be "true" or "false".' } });
  });

  it.each(['POST', 'PUT', 'DELETE', 'PATCH'])('refuses %s with 405 and an Allow header', async (method) => {
    const { result, status, headers } = await load('/vogue/demo-single', { method });
    expect(status).toBe(405);
    expect(headers.Allow).toBe('GET, HEAD');
    expect(result).toMatchObject({ props: { kind: 'refused', status: 405 } });
  });

  it('serves HEAD like GET', async () => {
    expect((await load('/vogue/demo-single', { method: 'HEAD' })).result).toMatchObject({ props: { kind: 'journey' } });
  });

  it.each([
    '/vogue/unknown-campaign',
    '/unknown-brand/demo-single',
    '/vogue/demo-single/not-a-step',
    '/vogue/demo-single/cart/extra',
    '/Vogue/demo-single',
    '/vogue/demo..single',
  ])('%s is not found', async (url) => {
    expect((await load(url)).result).toEqual({ notFound: true });
  });

  it('is not found for a route param holding an encoded slash', async () => {
    const { ctx } = context('/vogue/demo-single');
    (ctx.params as Record<string, unknown>).url_slug = 'demo-single/../x';
    expect(await getServerSideProps(ctx)).toEqual({ notFound: true });
  });

  it('sends Epicurious pages on other hosts to /404', async () => {
    expect((await load('/epicurious/demo-preauth', { host: 'www.vogue.com' })).result).toEqual({
      redirect: { destination: '/404', permanent: false },
    });
    expect((await load('/epicurious/demo-preauth', { host: 'www.epicurious.com' })).result).toMatchObject({ props: { kind: 'journey' } });
  });
});
