import autocannon from 'autocannon';

/** The request of the issue: 4,000 repeated keys, some 15 KB of query string. */
export const FLOOD_QUERY = Array.from({ length: 4000 }, () => 'x=1').join('&');
const FLOOD_CLIENTS = 4;

export interface FloodResult {
  alone: { p50Ms: number; p99Ms: number; requestsPerSecond: number };
  flooded: { p50Ms: number; p99Ms: number; requestsPerSecond: number };
  floodRequests: number;
  floodStatuses: Record<string, number>;
}

async function offerLoad(origin: string, path: string, seconds: number) {
  const result = await autocannon({ url: `${origin}${path}`, connections: 4, duration: seconds });
  return { p50Ms: result.latency.p50, p99Ms: result.latency.p99, requestsPerSecond: Math.round(result.requests.average) };
}

/**
 * The offer page's latency alone, then while four clients send long query strings without
 * pause (issue 11: before the request guard, four such clients took the offer page's median
 * from 5 ms to 2 s).
 */
export async function measureFlood(origin: string, path: string, seconds: number): Promise<FloodResult> {
  const alone = await offerLoad(origin, path, seconds);
  const statuses: Record<string, number> = {};
  let requests = 0;
  let flooding = true;
  const client = async () => {
    while (flooding) {
      const answer = await fetch(`${origin}${path}?${FLOOD_QUERY}`).catch(() => null);
      await answer?.arrayBuffer();
      const key = String(answer?.status ?? 'error');
      statuses[key] = (statuses[key] ?? 0) + 1;
      requests += 1;
    }
  };
  const clients = Array.from({ length: FLOOD_CLIENTS }, client);
  const flooded = await offerLoad(origin, path, seconds);
  flooding = false;
  await Promise.all(clients);
  return { alone, flooded, floodRequests: requests, floodStatuses: statuses };
}
