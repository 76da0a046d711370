import http from 'node:http';
import type { Kysely } from 'kysely';
import type { Database } from '@/lib/server/db/schema';
import { sampleFunnelItems } from '@/lib/server/tracking/schemas/sampleEvents';
import { Checks, tally, type ProofResult } from './proof';
import { FUNNEL_KEY } from './server';

export const OFFER_PAGE = '/vogue/demo-single?source=proofs';
const CAMPAIGN = 'vogue-demo-single';
const ITEMS_PER_REQUEST = 10;

interface Exchange {
  status: number;
  body: string;
}

/** One request on a kept-alive connection, its whole answer read; status 0 with the error when none came. */
function request(agent: http.Agent, base: string, path: string, method: 'GET' | 'POST', body?: string): Promise<Exchange> {
  return new Promise((resolve) => {
    const url = new URL(path, base);
    const req = http.request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method,
        headers: body ? { 'content-type': 'text/plain;charset=UTF-8', 'content-length': Buffer.byteLength(body) } : {},
        timeout: 30_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', (error) => resolve({ status: 0, body: String(error) }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('no answer within 30 s')));
    req.on('error', (error) => resolve({ status: 0, body: String(error) }));
    req.end(body);
  });
}

/**
 * Sustained load: the offer page and the funnel endpoint together for `seconds` (60 in npm
 * test), `connections` kept-alive connections each. Every request is sent only after the
 * one before it on its connection was answered, and the run stops by not sending more
 * (never by cutting requests in flight), so each event the server committed is one the
 * proof heard acknowledged. Passes with no error and no answer other than 2xx, and with
 * the events acknowledged (`accepted` of each answer) equal to the rows stored.
 * The rows are counted once the server has stopped (stopServer).
 */
export async function sustainedLoad(
  base: string,
  options: { seconds: number; connections: number; stopServer: () => Promise<void>; openDb: () => Kysely<Database> },
): Promise<ProofResult> {
  const checks = new Checks();
  const sessionId = `proofs-load-${Date.now().toString(36)}`;
  const beacon = JSON.stringify(sampleFunnelItems(CAMPAIGN, { sessionId, source: 'proofs', livemode: false }).slice(0, ITEMS_PER_REQUEST));
  const funnelPath = `/martech/api/funnel?api_key=${FUNNEL_KEY}&livemode=false`;
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections * 2 });
  const end = Date.now() + options.seconds * 1000;
  const outcomes = { page: [] as string[], funnel: [] as string[] };
  let acknowledged = 0;
  const failures: string[] = [];

  const worker = async (kind: 'page' | 'funnel') => {
    while (Date.now() < end) {
      const answer =
        kind === 'page' ? await request(agent, base, OFFER_PAGE, 'GET') : await request(agent, base, funnelPath, 'POST', beacon);
      outcomes[kind].push(String(answer.status));
      const ok = answer.status >= 200 && answer.status < 300;
      if (!ok && failures.length < 10) failures.push(`${kind} ${answer.status}: ${answer.body.slice(0, 200)}`);
      if (ok && kind === 'funnel') acknowledged += (JSON.parse(answer.body) as { accepted: number }).accepted;
      if (ok && kind === 'page' && !answer.body.includes('</html>')) failures.push('page: an incomplete page');
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: options.connections }, () => [worker('page'), worker('funnel')]).flat());
  const elapsedS = (Date.now() - started) / 1000;
  agent.destroy();

  // Counted from the database once the server has stopped: what it acknowledged was committed.
  await options.stopServer();
  const db = options.openDb();
  let stored: number;
  try {
    const row = await db
      .selectFrom('tracking_events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('session_id', '=', sessionId)
      .executeTakeFirstOrThrow();
    stored = Number(row.n);
  } finally {
    await db.destroy();
  }

  const pages = tally(outcomes.page);
  const funnel = tally(outcomes.funnel);
  const errors = [...outcomes.page, ...outcomes.funnel].filter((status) => !status.startsWith('2')).length;
  checks.that(elapsedS >= options.seconds, `the load ran ${options.seconds} s`, elapsedS);
  checks.that(outcomes.page.length > 0 && outcomes.funnel.length > 0, 'both routes were loaded', {
    pages: outcomes.page.length,
    funnel: outcomes.funnel.length,
  });
  checks.that(errors === 0 && failures.length === 0, 'error rate 0: every answer 2xx, none missing', { pages, funnel, failures });
  checks.that(acknowledged === stored, 'events acknowledged = events stored (tracking_events)', { acknowledged, stored });

  return {
    title: `sustained load: the offer page and the funnel endpoint together for ${options.seconds} s, no error, every acknowledged event stored`,
    ok: checks.ok,
    checks: checks.lines,
    measures: {
      seconds: Math.round(elapsedS * 10) / 10,
      connectionsPerRoute: options.connections,
      offerPage: { requests: outcomes.page.length, perSecond: Math.round(outcomes.page.length / elapsedS), statuses: pages },
      funnel: {
        requests: outcomes.funnel.length,
        perSecond: Math.round(outcomes.funnel.length / elapsedS),
        statuses: funnel,
        itemsPerRequest: ITEMS_PER_REQUEST,
      },
      errorRate: errors / Math.max(1, outcomes.page.length + outcomes.funnel.length),
      eventsAcknowledged: acknowledged,
      eventsStored: stored,
      firstFailures: failures,
    },
  };
}
