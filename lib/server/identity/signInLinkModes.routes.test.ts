import { afterAll, describe, expect, it } from 'vitest';
import { origin, serveRoutesWithServerContext } from '@/tests/fixtures/routeServerContext';

/**
 * POST /api/identity/links through Next's own API resolver, every request from 127.0.0.1,
 * with a budget of 2 links per client: a test-mode page (?livemode=false or the mt_livemode
 * cookie) asks against its own budget, and only its refusal says who can lift it.
 */
await serveRoutesWithServerContext({ SIGN_IN_LINKS_PER_IP: '2' }, [
  [/^\/api\/identity\/links$/, () => import('@/pages/api/identity/links')],
]);
afterAll(() => {
  delete process.env.SIGN_IN_LINKS_PER_IP;
});

const ask = (email: string, query = '', cookie?: string) =>
  fetch(`${origin}/api/identity/links${query}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin, 'sec-fetch-site': 'same-origin', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify({ email, returnPath: '/account' }),
  });
const messageOf = async (response: Response) => ((await response.json()) as { error: { message: string } }).error.message;

describe('POST /api/identity/links in test mode', () => {
  it('counts test-mode links apart from live ones, and only the test refusal names /admin/limits', async () => {
    expect((await ask('a@example.com', '?livemode=false')).status).toBe(202);
    expect((await ask('b@example.com', '', 'mt_livemode=false')).status).toBe(202);
    const test = await ask('c@example.com', '?livemode=false');
    expect(test.status).toBe(429);
    expect(await messageOf(test)).toBe(
      'Too many sign-in links were asked for. Please wait 15 minutes and try again. ' +
        'In test mode, an admin or customer care operator can lift this limit on /admin/limits.',
    );

    for (const email of ['d@example.com', 'e@example.com']) expect((await ask(email)).status).toBe(202);
    const live = await ask('f@example.com');
    expect(live.status).toBe(429);
    expect(await messageOf(live)).toBe('Too many sign-in links were asked for. Please wait 15 minutes and try again.');
  });

  it('refuses a livemode that is neither true nor false with 400', async () => {
    const answer = await ask('g@example.com', '?livemode=maybe');
    expect(answer.status).toBe(400);
    expect(await messageOf(answer)).toBe('The "livemode" parameter must be "true" or "false".');
  });
});
