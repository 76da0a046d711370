import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { CONSENT_COOKIE } from '@/lib/tracking/consent/consentStore';
import { VISITOR_COOKIE } from '@/lib/experiments/experiment';
import { createDb, parseDatabaseUrl } from '@/lib/server/db/createDb';
import { CampaignVersions } from '@/lib/server/campaigns/CampaignVersions';
import { operatorFetch } from '@/tests/fixtures/operatorRequests';
import { signedInOperator } from '@/tests/fixtures/operatorSessions';

/**
 * The offer page with an experiment running on it against the same page without one, at the
 * same connections, in the same run. Three kinds of visitor, as an experiment meets them:
 *   - anonymous: no consent given, no cookie (the shared-cacheable control; nginx keeps it);
 *   - first visit: consented to analytics, a visitor id never seen (every request enrols one);
 *   - returning: the same consented visitor again (their enrolment is read, their variant shown).
 * The plain rounds run first, then the experiment is started through the studio's routes
 * (a version B with a plan of its own at another price, 50/50), then the same rounds again.
 */

const CAMPAIGN = { id: 'vogue-demo-single', path: '/vogue/demo-single' };
const CONSENTED = `${CONSENT_COOKIE}=v1:C0001,C0002,C0003,C0004`;

export type VisitorKind = 'anonymous' | 'first visit' | 'returning';
export const VISITOR_KINDS: readonly VisitorKind[] = ['anonymous', 'first visit', 'returning'];

export interface KindThroughput {
  kind: VisitorKind;
  plain: { requestsPerSecond: number; p99Ms: number; failures: number };
  experimented: { requestsPerSecond: number; p99Ms: number; failures: number };
  /** Experimented requests/s over plain. */
  ratio: number;
}

export interface ExperimentBench {
  path: string;
  kinds: KindThroughput[];
  /** Visitors the first-visit rounds enrolled, by variant. */
  enrolled: Record<string, number>;
}

const newVisitorId = () => randomBytes(16).toString('base64url');
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function load(origin: string, kind: VisitorKind, connections: number, seconds: number) {
  const returning = `${CONSENTED}; ${VISITOR_COOKIE}=${newVisitorId()}`;
  const result = await autocannon({
    url: `${origin}${CAMPAIGN.path}`,
    connections,
    duration: seconds,
    requests: [
      {
        setupRequest: (request) => {
          if (kind === 'anonymous') return request;
          const cookie = kind === 'returning' ? returning : `${CONSENTED}; ${VISITOR_COOKIE}=${newVisitorId()}`;
          return { ...request, headers: { ...request.headers, cookie } };
        },
      },
    ],
  });
  return { requestsPerSecond: Math.round(result.requests.average), p99Ms: result.latency.p99, failures: result.non2xx + result.errors };
}

async function rounds(origin: string, connections: number, seconds: number, count: number) {
  const runs = new Map<VisitorKind, Awaited<ReturnType<typeof load>>[]>(VISITOR_KINDS.map((kind) => [kind, []]));
  for (let round = 0; round < count; round += 1)
    for (const kind of VISITOR_KINDS) runs.get(kind)!.push(await load(origin, kind, connections, seconds));
  return new Map(
    VISITOR_KINDS.map((kind) => {
      const results = runs.get(kind)!;
      return [
        kind,
        {
          requestsPerSecond: median(results.map((r) => r.requestsPerSecond)),
          p99Ms: median(results.map((r) => r.p99Ms)),
          failures: results.reduce((sum, r) => sum + r.failures, 0),
        },
      ];
    }),
  );
}

/** Starts a 50/50 experiment on the campaign through the studio's routes: B sells a plan of its own at $29.00 a year. */
async function startExperiment(origin: string, databaseUrl: string): Promise<string> {
  const db = createDb(parseDatabaseUrl(databaseUrl));
  try {
    const { cookie } = await signedInOperator(db, 'marketer');
    const published = (await new CampaignVersions(db).latest(CAMPAIGN.id))!;
    const { flow, offers } = published.content;
    const [first, ...rest] = flow.plans as string[];
    const plain = offers.find((offer) => offer.id === first)!;
    const draft = {
      ...published.content,
      flow: { ...flow, plans: ['new-1', ...rest] },
      offers: [
        ...offers,
        {
          ...plain,
          id: 'new-1',
          uuid: '',
          name: `${plain.name} (tried at $29)`,
          totalAmount: 2900,
          discountedAmount: null,
          savingBadge: null,
        },
      ],
    };
    const saved = await operatorFetch(origin, 'POST', `/api/operator/campaigns/${CAMPAIGN.id}/versions`, {
      cookie,
      body: { baseVersion: published.version, draft },
    });
    if (!saved.ok) throw new Error(`version B was not saved: ${saved.status} ${await saved.text()}`);
    const { version } = (await saved.json()) as { version: number };
    const started = await operatorFetch(origin, 'POST', `/api/operator/campaigns/${CAMPAIGN.id}/experiments`, {
      cookie,
      body: {
        name: 'Bench: $29 against the published price',
        variants: [
          { version: published.version, weight: 50 },
          { version, weight: 50 },
        ],
      },
    });
    if (started.status !== 201) throw new Error(`the experiment did not start: ${started.status} ${await started.text()}`);
    return ((await started.json()) as { id: string }).id;
  } finally {
    await db.destroy();
  }
}

async function enrolledByVariant(databaseUrl: string, experimentId: string): Promise<Record<string, number>> {
  const db = createDb(parseDatabaseUrl(databaseUrl));
  try {
    const rows = await db
      .selectFrom('experiment_visitors')
      .select(['variant_key', (eb) => eb.fn.countAll<number>().as('visitors')])
      .where('experiment_id', '=', experimentId)
      .groupBy('variant_key')
      .orderBy('variant_key')
      .execute();
    return Object.fromEntries(rows.map((row) => [row.variant_key, Number(row.visitors)]));
  } finally {
    await db.destroy();
  }
}

export async function measureExperiment(options: {
  origin: string;
  databaseUrl: string;
  connections: number;
  durationS: number;
  rounds: number;
}): Promise<ExperimentBench> {
  const { origin, databaseUrl, connections, durationS } = options;
  const plain = await rounds(origin, connections, durationS, options.rounds);
  const experimentId = await startExperiment(origin, databaseUrl);
  // The variant's catalogue is made on its first visitor: one warm-up, as the plain page had.
  await load(origin, 'first visit', connections, 2);
  const experimented = await rounds(origin, connections, durationS, options.rounds);
  return {
    path: CAMPAIGN.path,
    kinds: VISITOR_KINDS.map((kind) => ({
      kind,
      plain: plain.get(kind)!,
      experimented: experimented.get(kind)!,
      ratio: Number((experimented.get(kind)!.requestsPerSecond / plain.get(kind)!.requestsPerSecond).toFixed(2)),
    })),
    enrolled: await enrolledByVariant(databaseUrl, experimentId),
  };
}

export function printExperimentBench(
  bench: ExperimentBench,
  connections: number,
  rounds: number,
  durationS: number,
  print: (line: string) => void,
) {
  print(
    `\nThe offer page ${bench.path}, plain and with a 50/50 experiment (${connections} connections, median of ${rounds} rounds of ${durationS} s)`,
  );
  print(
    `  ${'visitor'.padEnd(14)} ${'plain req/s'.padStart(12)} ${'p99 ms'.padStart(7)} ${'experiment req/s'.padStart(17)} ${'p99 ms'.padStart(7)} ${'ratio'.padStart(6)} ${'failed'.padStart(7)}`,
  );
  for (const row of bench.kinds)
    print(
      `  ${row.kind.padEnd(14)} ${String(row.plain.requestsPerSecond).padStart(12)} ${String(row.plain.p99Ms).padStart(7)} ${String(row.experimented.requestsPerSecond).padStart(17)} ${String(row.experimented.p99Ms).padStart(7)} ${row.ratio.toFixed(2).padStart(6)} ${String(row.plain.failures + row.experimented.failures).padStart(7)}`,
    );
  print(
    `  enrolled by variant: ${Object.entries(bench.enrolled)
      .map(([variant, count]) => `${variant} ${count}`)
      .join(', ')}`,
  );
}
