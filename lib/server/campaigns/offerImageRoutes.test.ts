import { describe, expect, it } from 'vitest';
import { appDb, origin, serveRoutesWithServerContext } from '@/tests/fixtures/routeServerContext';
import { signedInOperator } from '@/tests/fixtures/operatorSessions';
import { GIF_1X1, PNG_1X1 } from '@/tests/fixtures/images';

/** The studio's picture uploads, and their addresses as visitors' browsers load them. */
await serveRoutesWithServerContext({ PAYMENTS_SANDBOX: '1' }, [
  [/^\/api\/operator\/images$/, () => import('@/pages/api/operator/images')],
  [/^\/api\/images\/(?<file>[^/]+)$/, () => import('@/pages/api/images/[file]')],
]);

const upload = (cookie: string, bytes: Buffer, type = 'image/png') =>
  fetch(`${origin}/api/operator/images`, {
    method: 'POST',
    headers: { cookie, origin, 'sec-fetch-site': 'same-origin', 'content-type': type },
    body: new Uint8Array(bytes),
  });

describe('offer images', () => {
  it('keeps a PNG a marketer uploads and serves it under its hash for a year', async () => {
    const { cookie } = await signedInOperator(await appDb(), 'marketer');
    const answer = await upload(cookie, PNG_1X1);
    expect(answer.status).toBe(201);
    const stored = (await answer.json()) as { src: string; width: number; height: number };
    expect(stored).toMatchObject({ width: 1, height: 1, src: expect.stringMatching(/^\/api\/images\/[0-9a-f]{32}\.png$/) });
    // The same picture again is the one kept.
    expect(((await (await upload(cookie, PNG_1X1)).json()) as { src: string }).src).toBe(stored.src);
    expect(await (await appDb()).selectFrom('offer_images').select('id').execute()).toHaveLength(1);

    const served = await fetch(`${origin}${stored.src}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG_1X1)).toBe(true);
    expect((await fetch(`${origin}${stored.src.replace('.png', '.webp')}`)).status).toBe(404);
    expect((await fetch(`${origin}/api/images/nothing.png`)).status).toBe(404);
  });

  it('refuses a GIF whatever its type says, care, and another site, writing nothing', async () => {
    const { cookie } = await signedInOperator(await appDb(), 'marketer');
    const kept = async () => (await (await appDb()).selectFrom('offer_images').select('id').execute()).length;
    const before = await kept();
    const gif = await upload(cookie, GIF_1X1, 'image/png');
    expect(gif.status).toBe(400);
    expect(await gif.json()).toEqual({
      error: {
        code: 'invalid_image',
        message: 'GIF pictures are not taken: upload a PNG, JPEG or WebP.',
        details: ['file: GIF pictures are not taken: upload a PNG, JPEG or WebP.'],
      },
    });
    const care = await signedInOperator(await appDb(), 'care');
    expect((await upload(care.cookie, PNG_1X1)).status).toBe(403);
    const crossSite = await fetch(`${origin}/api/operator/images`, {
      method: 'POST',
      headers: { cookie, origin: 'https://evil.example', 'content-type': 'image/png' },
      body: new Uint8Array(PNG_1X1),
    });
    expect(crossSite.status).toBe(403);
    expect(await kept()).toBe(before);
  });
});
