/**
 * npm run bench: measures, in one run on this machine, the offer page against a minimal
 * page served by the same Next server (production build):
 *   - requests/s and p99 latency at 50 connections, and their ratio;
 *   - first-load JS: the gzip size of every script each page's HTML loads;
 *   - funnel ingestion: events/s of beacon POSTs (10 items each) next to the smallest API
 *     route, and an exact check that every acknowledged event is stored;
 *   - each journey page in Chromium: Lighthouse (mobile) performance, CLS, TBT, the JS it
 *     actually loads, and whether Stripe's code comes before the card step.
 *   - the offer page's latency while four clients flood it with 15 KB query strings;
 *   - the offer page from the floor (node:http serving its bytes), from the app, and through
 *     nginx with deploy/nginx.conf: requests/s as a fraction of the floor, and the app's tail;
 *   - funnel ingestion and checkout submits on each database (SQLite, and PostgreSQL on a
 *     throw-away server), each behind a server of its own;
 *   - renewals per second with the sandbox answering after 300 ms, one instance and two, on
 *     each database (`renewalsPerSecond`);
 *   - the offer page with a 50/50 experiment against the same page without one, for
 *     anonymous, first-time and returning consented visitors (`experiment`, last).
 * Results are printed and written to bench/results/latest.json. BENCH_ONLY=pages measures
 * the journey pages alone (no load tests) and writes bench/results/pages.json;
 * BENCH_ONLY=flood measures the flood alone; BENCH_ONLY=nginx the offer page against the
 * floor alone (bench/results/nginx.json); BENCH_ONLY=databases the two databases alone
 * (bench/results/databases.json); BENCH_ONLY=renewals the renewals alone
 * (bench/results/renewals.json); BENCH_ONLY=experiment the experiment alone
 * (bench/results/experiment.json). Every run also records its parts in bench/results.json,
 * the latest figures of each (committed: docs/performance.md's table comes from it).
 */
import { ensureBuild } from '@/entrypoint/buildGuard.mjs';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { firstLoadJs } from './firstLoadJs';
import { measureCheckouts } from './checkoutLoad';
import { measureFunnel } from './funnelLoad';
import { measureFlood, type FloodResult } from './floodLoad';
import { measureOfferThroughNginx, printNginxBench } from './nginxLoad';
import { measureOnDatabases, printDatabaseBench } from './databaseLoad';
import { measureRenewals, printRenewalBench } from './renewalLoad';
import { recordResults } from './results';
import { measurePages, type StepMeasure } from './pageMeasures';
import { printPageTable } from './pageReport';
import { measureExperiment, printExperimentBench } from './experimentLoad';

const PORT = Number(process.env.BENCH_PORT ?? 3299);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 30);
const CHECKOUTS = Number(process.env.BENCH_CHECKOUTS ?? 400);
const CHECKOUT_CONCURRENCY = 20;
const FUNNEL_COUNT_REQUESTS = Number(process.env.BENCH_FUNNEL_REQUESTS ?? 2000);
const FUNNEL_API_KEY = process.env.FUNNEL_API_KEY || 'pj-demo-funnel-key';
const BENCH_DB_FILE = 'data/bench.db';
/** Where the bench server keeps its tracking data: beside its database (lib/server/db/trackingDatabaseUrl). */
const BENCH_TRACKING_DB_FILE = 'data/bench-tracking.db';
const BASELINE_PATH = '/status';
const OFFER_PATHS = ['/vogue/demo-single', '/newyorker/demo-dual'];
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const ONLY = process.env.BENCH_ONLY ?? '';
/** Due renewals per instance: at the aimed 50 to 100 per second, 20 to 50 s per configuration. */
const RENEWALS_PER_INSTANCE = Number(process.env.BENCH_RENEWALS_PER_INSTANCE ?? 2500);
/** A real provider answers a charge in some 300 ms. */
const RENEWAL_LATENCY_MS = 300;
// The funnel load comes from one address far beyond a visitor's limit of accepted events:
// raised (not off), so that the measure still pays the limit's one upsert per request.
const env = {
  ...process.env,
  NEXT_TELEMETRY_DISABLED: '1',
  DATABASE_URL: `file:${BENCH_DB_FILE}`,
  PORT: String(PORT),
  PAYMENTS_SANDBOX: '1',
  INGEST_EVENTS_PER_CLIENT: process.env.INGEST_EVENTS_PER_CLIENT ?? '1000000000',
  INGEST_BYTES_PER_CLIENT: process.env.INGEST_BYTES_PER_CLIENT ?? '1000000000000',
  INGEST_BYTES_TOTAL: process.env.INGEST_BYTES_TOTAL ?? '1000000000000',
  // Likewise the checkout limits: quotes at 50 connections and hundreds of test-mode checkouts from 127.0.0.1.
  CHECKOUT_SUBMITS_PER_CLIENT_TEST: process.env.CHECKOUT_SUBMITS_PER_CLIENT_TEST ?? '1000000',
  CHECKOUT_QUOTES_PER_CLIENT: process.env.CHECKOUT_QUOTES_PER_CLIENT ?? '1000000',
};

async function waitForServer(): Promise<void> {
  for (let i = 0; i < 120; i += 1) {
    try {
      if ((await fetch(`${ORIGIN}${BASELINE_PATH}`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the server did not start');
}

interface LoadResult {
  path: string;
  requestsPerSecond: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

async function load(urlPath: string, seconds: number): Promise<LoadResult> {
  const result = await autocannon({ url: `${ORIGIN}${urlPath}`, connections: CONNECTIONS, duration: seconds });
  return {
    path: urlPath,
    requestsPerSecond: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

async function measureJourneyPages(): Promise<StepMeasure[]> {
  console.log(`Auditing the journey's pages in Chromium (Lighthouse, ${LIGHTHOUSE_RUNS} runs each)…`);
  return measurePages(ORIGIN, LIGHTHOUSE_RUNS, (line) => console.log(line));
}

function printFlood(flood: FloodResult): void {
  console.log(`\nThe offer page while 4 clients send 15 KB query strings (4,000 keys) without pause (4 connections, ${DURATION_S} s each)`);
  console.log(`  alone    p50 ${flood.alone.p50Ms} ms, p99 ${flood.alone.p99Ms} ms, ${flood.alone.requestsPerSecond} req/s`);
  console.log(`  flooded  p50 ${flood.flooded.p50Ms} ms, p99 ${flood.flooded.p99Ms} ms, ${flood.flooded.requestsPerSecond} req/s`);
  console.log(
    `  p50 ratio flooded/alone ${(flood.flooded.p50Ms / Math.max(flood.alone.p50Ms, 1)).toFixed(2)}; flood: ${flood.floodRequests} requests, statuses ${JSON.stringify(flood.floodStatuses)}`,
  );
}

async function main(): Promise<void> {
  if (!['', 'pages', 'flood', 'nginx', 'databases', 'renewals', 'experiment'].includes(ONLY)) {
    throw new Error(`BENCH_ONLY=${ONLY}: the choices are "pages", "flood", "nginx", "databases", "renewals" and "experiment"`);
  }
  if (!Number.isInteger(RENEWALS_PER_INSTANCE) || RENEWALS_PER_INSTANCE < 1)
    throw new Error(`BENCH_RENEWALS_PER_INSTANCE=${process.env.BENCH_RENEWALS_PER_INSTANCE}: a whole number, at least 1`);
  if (!Number.isInteger(LIGHTHOUSE_RUNS) || LIGHTHOUSE_RUNS < 1)
    throw new Error(`BENCH_LIGHTHOUSE_RUNS=${process.env.BENCH_LIGHTHOUSE_RUNS}: a whole number of runs, at least 1`);
  console.log('Building the production app (or reusing a current build)…');
  ensureBuild({ env, stdio: 'ignore' });
  for (const base of [BENCH_DB_FILE, BENCH_TRACKING_DB_FILE])
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${base}${suffix}`, { force: true });
  execFileSync('npx', ['tsx', 'scripts/db-setup.ts'], { stdio: 'ignore', env });

  const server: ChildProcess = spawn('node', ['entrypoint/index.mjs', '-p', String(PORT), '-H', '127.0.0.1'], {
    stdio: 'ignore',
    env,
    detached: true,
  });
  try {
    await waitForServer();
    if (ONLY === 'flood') {
      printFlood(await measureFlood(ORIGIN, OFFER_PATHS[0]!, DURATION_S));
      return;
    }
    const nginxBench = () =>
      measureOfferThroughNginx({
        origin: ORIGIN,
        path: OFFER_PATHS[0]!,
        connections: CONNECTIONS,
        durationS: DURATION_S,
        rounds: ROUNDS,
        warmupS: Math.max(2, WARMUP_S / 6),
      });
    const databasesBench = () =>
      measureOnDatabases({
        port: PORT + 1,
        env,
        apiKey: FUNNEL_API_KEY,
        connections: CONNECTIONS,
        durationS: DURATION_S,
        rounds: ROUNDS,
        warmupS: Math.max(2, WARMUP_S / 6),
        countRequests: FUNNEL_COUNT_REQUESTS,
        checkouts: CHECKOUTS,
        checkoutConcurrency: CHECKOUT_CONCURRENCY,
        log: (line) => console.log(line),
      });
    const renewalsBench = () => {
      console.log(`Renewals, one instance and two, on each database (${RENEWALS_PER_INSTANCE} due per instance)…`);
      return measureRenewals({
        port: PORT + 2,
        perInstance: RENEWALS_PER_INSTANCE,
        latencyMs: RENEWAL_LATENCY_MS,
        log: (line) => console.log(line),
      });
    };
    // Last in a full run: the experiment it starts stays on the demo campaign.
    const experimentBench = async () => {
      console.log('The offer page with and without an experiment…');
      for (let i = 0; i < 2; i += 1) await load(OFFER_PATHS[0]!, WARMUP_S / 6);
      return measureExperiment({
        origin: ORIGIN,
        databaseUrl: env.DATABASE_URL,
        connections: CONNECTIONS,
        durationS: DURATION_S,
        rounds: ROUNDS,
      });
    };
    if (ONLY === 'experiment') {
      const experiment = await experimentBench();
      printExperimentBench(experiment, CONNECTIONS, ROUNDS, DURATION_S, (line) => console.log(line));
      fs.mkdirSync('bench/results', { recursive: true });
      fs.writeFileSync(path.join('bench/results', 'experiment.json'), JSON.stringify({ experiment }, null, 2));
      recordResults({ experiment });
      console.log('Written to bench/results/experiment.json and bench/results.json');
      return;
    }
    if (ONLY === 'renewals') {
      const renewalsPerSecond = await renewalsBench();
      printRenewalBench(renewalsPerSecond, RENEWAL_LATENCY_MS, (line) => console.log(line));
      fs.mkdirSync('bench/results', { recursive: true });
      fs.writeFileSync(path.join('bench/results', 'renewals.json'), JSON.stringify({ renewalsPerSecond }, null, 2));
      recordResults({ renewalsPerSecond });
      console.log('Written to bench/results/renewals.json and bench/results.json');
      return;
    }
    if (ONLY === 'databases') {
      console.log('Funnel ingestion and checkouts on each database…');
      const databases = await databasesBench();
      printDatabaseBench(databases, (line) => console.log(line));
      fs.mkdirSync('bench/results', { recursive: true });
      fs.writeFileSync(path.join('bench/results', 'databases.json'), JSON.stringify({ databases }, null, 2));
      recordResults({ databases });
      console.log('Written to bench/results/databases.json and bench/results.json');
      return;
    }
    if (ONLY === 'nginx') {
      // The app warms up as in the full run before its figures count.
      for (let i = 0; i < 2; i += 1) await load(OFFER_PATHS[0]!, WARMUP_S / 6);
      const nginx = await nginxBench();
      printNginxBench(nginx, CONNECTIONS, ROUNDS, DURATION_S, (line) => console.log(line));
      fs.mkdirSync('bench/results', { recursive: true });
      fs.writeFileSync(path.join('bench/results', 'nginx.json'), JSON.stringify({ nginx }, null, 2));
      recordResults({ nginx });
      console.log('Written to bench/results/nginx.json and bench/results.json');
      return;
    }
    if (ONLY === 'pages') {
      const pages = await measureJourneyPages();
      printPageTable(pages, LIGHTHOUSE_RUNS, (line) => console.log(line));
      fs.mkdirSync('bench/results', { recursive: true });
      fs.writeFileSync(path.join('bench/results', 'pages.json'), JSON.stringify({ pages }, null, 2));
      recordResults({ pages });
      console.log('Written to bench/results/pages.json and bench/results.json');
      return;
    }
    // V8 keeps optimising Next's and React's code for the first 20 s or so of load: measured
    // earlier, whichever page ran first would look slow.
    console.log(`Warming up (${WARMUP_S} s), then ${ROUNDS} rounds of ${DURATION_S} s per page at ${CONNECTIONS} connections…`);
    for (let i = 0; i < 2; i += 1) {
      for (const p of [BASELINE_PATH, ...OFFER_PATHS]) await load(p, WARMUP_S / 6);
    }

    // Rounds interleave the pages so that drift during the run (other load on a shared
    // machine) touches every page alike; each page's figure is its median over the rounds.
    const paths = [BASELINE_PATH, ...OFFER_PATHS];
    const runs = new Map<string, LoadResult[]>(paths.map((p) => [p, []]));
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const p of paths) runs.get(p)!.push(await load(p, DURATION_S));
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const summary = paths.map((p) => {
      const results = runs.get(p)!;
      return {
        path: p,
        requestsPerSecond: median(results.map((r) => r.requestsPerSecond)),
        p99Ms: median(results.map((r) => r.p99Ms)),
        failures: results.reduce((sum, r) => sum + r.non2xx + r.errors, 0),
        rounds: results.map((r) => r.requestsPerSecond),
      };
    });
    const baseline = summary[0]!;
    const offers = summary.slice(1);

    // The quote endpoint prices every cart view: requests/s at the same 50 connections.
    const quote = await autocannon({
      url: `${ORIGIN}/api/checkout/quote`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        brand: 'newyorker',
        urlSlug: 'demo-dual',
        offerId: '2002',
        addOnIds: ['2101'],
        couponCode: 'SAVE20',
        country: 'US',
        region: 'WA',
      }),
      connections: CONNECTIONS,
      duration: DURATION_S,
    });
    const checkouts = await measureCheckouts(ORIGIN, CHECKOUTS, CHECKOUT_CONCURRENCY);
    const funnel = await measureFunnel({
      origin: ORIGIN,
      apiKey: FUNNEL_API_KEY,
      trackingDatabaseUrl: `file:${BENCH_TRACKING_DB_FILE}`,
      connections: CONNECTIONS,
      durationS: DURATION_S,
      rounds: ROUNDS,
      warmupS: Math.max(2, WARMUP_S / 6),
      countRequests: FUNNEL_COUNT_REQUESTS,
    });

    const flood = await measureFlood(ORIGIN, OFFER_PATHS[0]!, DURATION_S);
    const nginx = await nginxBench();
    const baselineJs = await firstLoadJs(ORIGIN, BASELINE_PATH);
    const offerJs = await firstLoadJs(ORIGIN, OFFER_PATHS[0]!);
    const pages = await measureJourneyPages();
    const databases = await databasesBench();
    const renewalsPerSecond = await renewalsBench();
    const experiment = await experimentBench();

    console.log(
      `\nThroughput at ${CONNECTIONS} connections (production build, same server; median of ${ROUNDS} rounds of ${DURATION_S} s)`,
    );
    console.log(
      `  ${'page'.padEnd(24)} ${'req/s'.padStart(8)} ${'p99 ms'.padStart(8)} ${'ratio'.padStart(7)} ${'failed'.padStart(7)}  rounds req/s`,
    );
    for (const row of summary) {
      const ratio = (row.requestsPerSecond / baseline.requestsPerSecond).toFixed(2);
      console.log(
        `  ${row.path.padEnd(24)} ${String(row.requestsPerSecond).padStart(8)} ${String(row.p99Ms).padStart(8)} ${ratio.padStart(7)} ${String(row.failures).padStart(7)}  ${row.rounds.join(' ')}`,
      );
    }

    const extraKb = (offerJs.gzipBytes - baselineJs.gzipBytes) / 1024;
    console.log('\nFirst-load JS (gzip of every script the HTML loads)');
    console.log(`  ${BASELINE_PATH.padEnd(24)} ${(baselineJs.gzipBytes / 1024).toFixed(1)} kB in ${baselineJs.scripts.length} scripts`);
    console.log(`  ${OFFER_PATHS[0]!.padEnd(24)} ${(offerJs.gzipBytes / 1024).toFixed(1)} kB in ${offerJs.scripts.length} scripts`);
    console.log(`  the offer page adds ${extraKb.toFixed(1)} kB gz (aim: <= 25 kB)`);
    printPageTable(pages, LIGHTHOUSE_RUNS, (line) => console.log(line));

    console.log(`\nQuote endpoint (POST /api/checkout/quote, ${CONNECTIONS} connections, ${DURATION_S} s)`);
    console.log(`  ${Math.round(quote.requests.average)} req/s, p99 ${quote.latency.p99} ms, ${quote.non2xx + quote.errors} failed`);
    console.log(`\nCheckout through the sandbox (submit with 4242, then the success page), ${checkouts.concurrency} at a time`);
    console.log(
      `  ${checkouts.checkouts} checkouts: p50 ${checkouts.p50Ms} ms, p99 ${checkouts.p99Ms} ms, ${checkouts.perSecond} checkouts/s, ${checkouts.failed} failed`,
    );

    console.log(
      `\nFunnel ingestion (beacon POST /martech/api/funnel, 10 items each, ${CONNECTIONS} connections; median of ${ROUNDS} rounds of ${DURATION_S} s)`,
    );
    console.log(
      `  ${funnel.baseline.path.padEnd(24)} ${String(funnel.baseline.requestsPerSecond).padStart(8)} req/s, p99 ${funnel.baseline.p99Ms} ms, ${funnel.baseline.failures} failed`,
    );
    console.log(
      `  ${'funnel'.padEnd(24)} ${String(funnel.funnel.requestsPerSecond).padStart(8)} req/s = ${funnel.funnel.eventsPerSecond} events/s, p99 ${funnel.funnel.p99Ms} ms, ${funnel.funnel.failures} failed  rounds events/s ${funnel.funnel.rounds.join(' ')}`,
    );
    console.log(`  request-rate ratio funnel/${funnel.baseline.path} ${funnel.ratio.toFixed(2)} (aim: >= 0.5)`);
    console.log(`  count check (${funnel.count.requests} requests, campaign ${funnel.count.campaignId}):`);
    console.log(
      `    events acknowledged (10 × 2xx) ${funnel.count.acknowledgedEvents}, rows in tracking_events ${funnel.count.storedEvents}, ${funnel.count.failures} failed requests`,
    );

    printFlood(flood);
    printNginxBench(nginx, CONNECTIONS, ROUNDS, DURATION_S, (line) => console.log(line));
    printDatabaseBench(databases, (line) => console.log(line));
    printRenewalBench(renewalsPerSecond, RENEWAL_LATENCY_MS, (line) => console.log(line));
    printExperimentBench(experiment, CONNECTIONS, ROUNDS, DURATION_S, (line) => console.log(line));

    const worstRatio = Math.min(...offers.map((o) => o.requestsPerSecond / baseline.requestsPerSecond));
    console.log(`\nWorst throughput ratio ${worstRatio.toFixed(2)} (aim: >= 0.9).`);

    fs.mkdirSync('bench/results', { recursive: true });
    const out = path.join('bench/results', 'latest.json');
    const results = {
      summary,
      baselineJs,
      offerJs,
      worstRatio,
      extraKb,
      quote: { requestsPerSecond: Math.round(quote.requests.average), p99Ms: quote.latency.p99 },
      checkouts,
      funnel,
      flood,
      nginx,
      pages,
      databases,
      renewalsPerSecond,
      experiment,
    };
    fs.writeFileSync(out, JSON.stringify(results, null, 2));
    recordResults(results);
    console.log(`Written to ${out} and bench/results.json`);
    if (!funnel.count.matches) {
      throw new Error(
        `FUNNEL COUNT MISMATCH: ${funnel.count.acknowledgedEvents} events acknowledged but ${funnel.count.storedEvents} stored for ${funnel.count.campaignId}` +
          (funnel.count.storedEvents < funnel.count.acknowledgedEvents
            ? ' (acknowledged events were lost)'
            : ' (events stored without an acknowledgement)'),
      );
    }
  } finally {
    if (server.pid) process.kill(-server.pid, 'SIGTERM');
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
