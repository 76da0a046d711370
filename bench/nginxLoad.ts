import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startNginxFront } from '@/scripts/nginxFront';
import { freePort } from '@/tests/fuzz/server';

/**
 * The offer page three ways, at the same connections in the same run: from the floor
 * (node:http alone serving the page's bytes, bench/floorServer.mjs), from the app (the
 * origin), and through nginx with deploy/nginx.conf in front of the app (only its port and
 * upstream changed). Rounds interleave the three so that drift touches each alike; each
 * figure is the median over the rounds. Aims: nginx >= 0.5 of the floor's requests/s; the
 * origin's p99 within 3x its median.
 */

export interface Throughput {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  failures: number;
  rounds: number[];
}

export interface NginxBench {
  path: string;
  floor: Throughput;
  origin: Throughput;
  nginx: Throughput & { cacheStatus: string | null };
  /** requests/s over the floor's */
  originRatio: number;
  nginxRatio: number;
  /** the origin's p99 over its median (aim: <= 3) */
  originTail: number;
  /**
   * The machine's 1-minute load average before and after, next to its cores. The load
   * generator and the server under load make about 2 of it; well beyond that, other
   * processes took the CPU meanwhile and much of the app's tail is theirs (its event loop
   * waits for the CPU, measured here at load 4 to 10 on 2 cores: p99 10 to 13x the median,
   * against 2 to 3x at load 2 to 3).
   */
  load: { before: number; after: number; cores: number };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
/** Headers a server writes per connection or per answer, not part of the page. */
const PER_ANSWER = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

async function startFloor(page: Response): Promise<{ base: string; stop: () => void }> {
  const headers = Object.fromEntries([...page.headers].filter(([name]) => !PER_ANSWER.has(name)));
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'journey-floor-')), 'page.json');
  fs.writeFileSync(file, JSON.stringify({ headers, body: await page.text() }));
  const port = await freePort();
  const child = spawn(process.execPath, [path.join('bench', 'floorServer.mjs'), String(port), file], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`the floor server exited (${code})`)));
  });
  return {
    base: `http://127.0.0.1:${port}`,
    stop: () => {
      child.kill('SIGTERM');
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    },
  };
}

async function load(url: string, connections: number, seconds: number) {
  const result = await autocannon({ url, connections, duration: seconds });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    failures: result.non2xx + result.errors,
  };
}

function summarise(runs: Awaited<ReturnType<typeof load>>[]): Throughput {
  return {
    requestsPerSecond: median(runs.map((run) => run.requestsPerSecond)),
    p50Ms: median(runs.map((run) => run.p50Ms)),
    p99Ms: median(runs.map((run) => run.p99Ms)),
    failures: runs.reduce((sum, run) => sum + run.failures, 0),
    rounds: runs.map((run) => run.requestsPerSecond),
  };
}

export async function measureOfferThroughNginx(options: {
  origin: string;
  path: string;
  connections: number;
  durationS: number;
  rounds: number;
  warmupS: number;
}): Promise<NginxBench> {
  const { origin, path: pagePath, connections, durationS, rounds, warmupS } = options;
  const loadBefore = os.loadavg()[0]!;
  const floor = await startFloor(await fetch(`${origin}${pagePath}`));
  const front = await startNginxFront(await freePort(), [new URL(origin).host]);
  try {
    const urls = { floor: `${floor.base}${pagePath}`, origin: `${origin}${pagePath}`, nginx: `${front.base}${pagePath}` };
    for (const url of Object.values(urls)) await load(url, connections, warmupS);
    const runs = {
      floor: [] as Awaited<ReturnType<typeof load>>[],
      origin: [] as Awaited<ReturnType<typeof load>>[],
      nginx: [] as Awaited<ReturnType<typeof load>>[],
    };
    for (let round = 0; round < rounds; round += 1) {
      for (const which of ['floor', 'origin', 'nginx'] as const) runs[which].push(await load(urls[which], connections, durationS));
    }
    const cacheStatus = (await fetch(urls.nginx)).headers.get('x-cache-status');
    const [floorT, originT, nginxT] = [summarise(runs.floor), summarise(runs.origin), summarise(runs.nginx)];
    return {
      path: pagePath,
      floor: floorT,
      origin: originT,
      nginx: { ...nginxT, cacheStatus },
      originRatio: originT.requestsPerSecond / floorT.requestsPerSecond,
      nginxRatio: nginxT.requestsPerSecond / floorT.requestsPerSecond,
      originTail: originT.p99Ms / Math.max(originT.p50Ms, 1),
      load: { before: loadBefore, after: os.loadavg()[0]!, cores: os.cpus().length },
    };
  } finally {
    await front.stop();
    floor.stop();
  }
}

export function printNginxBench(
  result: NginxBench,
  connections: number,
  rounds: number,
  durationS: number,
  log: (line: string) => void,
): void {
  log(
    `\nThe offer page ${result.path} against the floor (node:http serving its bytes), ${connections} connections, median of ${rounds} rounds of ${durationS} s`,
  );
  log(
    `  ${''.padEnd(30)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'ratio'.padStart(6)} ${'failed'.padStart(7)}  rounds req/s`,
  );
  const row = (name: string, t: Throughput, ratio: number) =>
    log(
      `  ${name.padEnd(30)} ${String(t.requestsPerSecond).padStart(8)} ${String(t.p50Ms).padStart(7)} ${String(t.p99Ms).padStart(7)} ${ratio.toFixed(2).padStart(6)} ${String(t.failures).padStart(7)}  ${t.rounds.join(' ')}`,
    );
  row('floor (node:http)', result.floor, 1);
  row('origin (the app)', result.origin, result.originRatio);
  row('nginx (deploy/nginx.conf)', result.nginx, result.nginxRatio);
  log(`  through nginx: ${result.nginxRatio.toFixed(2)} of the floor (aim: >= 0.5), X-Cache-Status ${result.nginx.cacheStatus}`);
  log(`  origin tail: p99 ${result.origin.p99Ms} ms = ${result.originTail.toFixed(1)}x its median ${result.origin.p50Ms} ms (aim: <= 3)`);
  const { before, after, cores } = result.load;
  log(
    `  machine load average ${before.toFixed(1)} before, ${after.toFixed(1)} after, on ${cores} cores${Math.max(before, after) > cores + 2 ? ': other processes took the CPU meanwhile, and much of the tail is theirs' : ''}`,
  );
}
