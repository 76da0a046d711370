import autocannon from 'autocannon';
import { createDb, parseDatabaseUrl } from '@/lib/server/db/createDb';
import { sampleFunnelItems } from '@/lib/server/tracking/schemas/sampleEvents';

/**
 * Funnel ingestion under load: beacon-like POSTs (text/plain, a JSON array of 10 valid
 * items from the catalogue's real builders) at 50 connections, against the same server's
 * smallest API route; then an exact count: every event acknowledged with a 2xx must be a
 * row in tracking_events, no more and no fewer.
 */

export const ITEMS_PER_REQUEST = 10;
const BASELINE_API_PATH = '/api/ping';

export interface FunnelRate {
  /** 2xx responses per second. */
  requestsPerSecond: number;
  eventsPerSecond: number;
  p99Ms: number;
  failures: number;
}

export interface FunnelBench {
  baseline: { path: string; requestsPerSecond: number; p99Ms: number; failures: number };
  funnel: FunnelRate & { rounds: number[] };
  /** Funnel 2xx requests/s over the baseline's requests/s (aim: >= 0.5). */
  ratio: number;
  count: { campaignId: string; requests: number; acknowledgedEvents: number; storedEvents: number; failures: number; matches: boolean };
}

/** The funnel takes events for the catalogue's campaigns only: the bench's go to a demo campaign, told apart by their session. */
const BENCH_CAMPAIGN = 'vogue-demo-single';

function beaconBody(sessionId: string): string {
  const items = sampleFunnelItems(BENCH_CAMPAIGN, { sessionId, source: 'bench', livemode: false }).slice(0, ITEMS_PER_REQUEST);
  return JSON.stringify(items);
}

function funnelOptions(origin: string, apiKey: string, sessionId: string): autocannon.Options {
  return {
    url: `${origin}/martech/api/funnel?api_key=${encodeURIComponent(apiKey)}&livemode=false`,
    method: 'POST',
    headers: { 'content-type': 'text/plain;charset=UTF-8' },
    body: beaconBody(sessionId),
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function measureFunnel(options: {
  origin: string;
  apiKey: string;
  /** The server's tracking database (file:… or postgres://…), read to count what was stored. */
  trackingDatabaseUrl: string;
  connections: number;
  durationS: number;
  rounds: number;
  warmupS: number;
  countRequests: number;
}): Promise<FunnelBench> {
  const { origin, apiKey, connections, durationS } = options;
  const runId = `${Date.now().toString(36)}-${process.pid}`;
  const rate = funnelOptions(origin, apiKey, `bench-rate-${runId}`);

  // Warm both routes (the funnel's first requests also open and migrate the database).
  for (const run of [{ url: `${origin}${BASELINE_API_PATH}` }, rate]) await autocannon({ ...run, connections, duration: options.warmupS });

  // Interleaved rounds, medians: drift on a shared machine touches both routes alike.
  const baselineRounds: autocannon.Result[] = [];
  const funnelRounds: autocannon.Result[] = [];
  for (let round = 0; round < options.rounds; round += 1) {
    baselineRounds.push(await autocannon({ url: `${origin}${BASELINE_API_PATH}`, connections, duration: durationS }));
    funnelRounds.push(await autocannon({ ...rate, connections, duration: durationS }));
  }
  const okPerSecond = (r: autocannon.Result) => r['2xx'] / r.duration;
  const funnelRps = median(funnelRounds.map(okPerSecond));
  const baselineRps = median(baselineRounds.map((r) => r.requests.average));

  // The count: a fixed number of requests (not a duration, which would cut requests in
  // flight whose commits the client never hears of), in a session of this run alone.
  const sessionId = `bench-count-${runId}`;
  const counted = await autocannon({ ...funnelOptions(origin, apiKey, sessionId), connections, amount: options.countRequests });
  const acknowledgedEvents = counted['2xx'] * ITEMS_PER_REQUEST;
  const db = createDb(parseDatabaseUrl(options.trackingDatabaseUrl, 1));
  let storedEvents: number;
  try {
    const row = await db
      .selectFrom('tracking_events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('session_id', '=', sessionId)
      .executeTakeFirstOrThrow();
    storedEvents = Number(row.n);
  } finally {
    await db.destroy();
  }

  return {
    baseline: {
      path: BASELINE_API_PATH,
      requestsPerSecond: Math.round(baselineRps),
      p99Ms: median(baselineRounds.map((r) => r.latency.p99)),
      failures: baselineRounds.reduce((sum, r) => sum + r.non2xx + r.errors, 0),
    },
    funnel: {
      requestsPerSecond: Math.round(funnelRps),
      eventsPerSecond: Math.round(funnelRps * ITEMS_PER_REQUEST),
      p99Ms: median(funnelRounds.map((r) => r.latency.p99)),
      failures: funnelRounds.reduce((sum, r) => sum + r.non2xx + r.errors, 0),
      rounds: funnelRounds.map((r) => Math.round(okPerSecond(r) * ITEMS_PER_REQUEST)),
    },
    ratio: funnelRps / baselineRps,
    count: {
      campaignId: `${BENCH_CAMPAIGN} (session ${sessionId})`,
      requests: options.countRequests,
      acknowledgedEvents,
      storedEvents,
      failures: counted.non2xx + counted.errors,
      matches: acknowledgedEvents === storedEvents,
    },
  };
}
