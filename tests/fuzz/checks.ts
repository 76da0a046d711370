import type { Exchange, ParsedResponse } from './client';
import type { FuzzCase } from './generate';

/**
 * What every answer must satisfy: no status of 500 or more, and a 4xx with a JSON body
 * has our error shape `{ error: { code, message } }`. A request that gets no answer
 * within the time limit is an offender too (the server hung on it). Answers that are not
 * failures but worth a look (plain-text 4xx bodies from API paths, connections closed
 * without an answer) are counted for the report.
 */

export type OffenceKind = 'server-error' | 'error-shape' | 'timeout' | 'redirect';

export interface Offence {
  kind: OffenceKind;
  index: number;
  route: string;
  label: string;
  method: string;
  target: string;
  status: number | null;
  bodyStart: string;
  contentType: string;
}

/** The keys of Next's page-data answers (the /_next/data/… protocol of its client router). */
const NEXT_DATA_KEYS = new Set([
  'pageProps',
  '__N_SSP',
  '__N_SSG',
  'notFound',
  '__N_REDIRECT',
  '__N_REDIRECT_STATUS',
  '__N_REDIRECT_BASE_PATH',
]);

/**
 * JSON 4xx answers that are not ours to shape, each with why:
 * - the spec's own 401 of the identity calls (SPEC §3, §7: `error {code: 401, status}`, status
 *   MISSING, INVALID or NOT_AUTHORIZED), which the browser's auth machine reads;
 * - Next's page-data answers (/_next/data/…, recognised by their keys, as the path may be
 *   spelled otherwise: /_next/%2e/data/…), which its client router reads as they are.
 */
function exempt(c: FuzzCase, response: ParsedResponse, json: unknown): boolean {
  const error = (json as { error?: { code?: unknown; status?: unknown } } | null)?.error;
  if (
    response.status === 401 &&
    /\/user\//.test(c.target) &&
    error?.code === 401 &&
    typeof error.status === 'string' &&
    Object.keys(error).length === 2
  )
    return true;
  if (
    typeof json === 'object' &&
    json !== null &&
    !Array.isArray(json) &&
    Object.keys(json).length > 0 &&
    Object.keys(json).every((key) => NEXT_DATA_KEYS.has(key))
  )
    return true;
  return false;
}

function hasErrorShape(json: unknown): boolean {
  if (typeof json !== 'object' || json === null) return false;
  const error = (json as { error?: unknown }).error;
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return typeof code === 'string' && code.length > 0 && typeof message === 'string';
}

const isApiTarget = (target: string) => /^\/(api|martech|user-context|com\.condenast)\//.test(target);

/** Whether a Location leads to another host than `host` (relative ones stay). */
export function leavesHost(location: string, host: string): boolean {
  const trimmed = location.trim();
  if (!/^([a-z][a-z0-9+.-]*:|[\\/]{2})/i.test(trimmed)) return false;
  try {
    return new URL(trimmed, `http://${host}/`).host.toLowerCase() !== host.toLowerCase();
  } catch {
    return true;
  }
}

export class Checker {
  constructor(private readonly host: string) {}

  readonly offences: Offence[] = [];
  readonly statusCounts = new Map<string, number>();
  readonly perRoute = new Map<string, number>();
  readonly perCategory = new Map<string, number>();
  /** Answers by route and by kind of mutation (the label's start), status by status: what the fuzz reached. */
  readonly byRoute: Record<string, Record<string, number>> = {};
  readonly byMutation: Record<string, Record<string, number>> = {};
  /** 4xx answers of API paths with a body that is not JSON (Next's plain text, Node's own). */
  readonly plainApiErrors: Offence[] = [];
  /** 3xx answers whose Location leaves this server (open redirects), with the Location as the body. */
  readonly foreignRedirects: Offence[] = [];
  noAnswer = 0;
  readonly noAnswerSamples: string[] = [];
  requests = 0;
  answers = 0;

  private offence(kind: OffenceKind, c: FuzzCase, response: ParsedResponse | null): Offence {
    return {
      kind,
      index: c.index,
      route: c.route,
      label: c.label,
      method: c.method.slice(0, 20),
      target: c.target.length > 160 ? `${c.target.slice(0, 160)}…(${c.target.length} chars)` : c.target,
      status: response?.status ?? null,
      bodyStart: response ? response.body.subarray(0, 240).toString('utf8').replace(/\s+/g, ' ') : '',
      contentType: response?.headers['content-type'] ?? '',
    };
  }

  record(c: FuzzCase, exchange: Exchange): void {
    this.requests += 1;
    this.perRoute.set(c.route, (this.perRoute.get(c.route) ?? 0) + 1);
    this.perCategory.set(c.category, (this.perCategory.get(c.category) ?? 0) + 1);
    if (exchange.timedOut) this.offences.push(this.offence('timeout', c, exchange.responses[0] ?? null));
    if (exchange.responses.length === 0) {
      this.noAnswer += 1;
      if (this.noAnswerSamples.length < 10) this.noAnswerSamples.push(`#${c.index} ${c.label} (${exchange.error ?? 'closed'})`);
    }
    const mutation = (c.label.split(' + ')[0] ?? '').split(':').slice(0, 3).join(':');
    const statuses = exchange.responses.length ? exchange.responses.map((response) => String(response.status)) : ['none'];
    for (const status of statuses) {
      (this.byRoute[c.route] ??= {})[status] = (this.byRoute[c.route]?.[status] ?? 0) + 1;
      (this.byMutation[mutation] ??= {})[status] = (this.byMutation[mutation]?.[status] ?? 0) + 1;
    }
    for (const response of exchange.responses) {
      this.answers += 1;
      const bucket = `${Math.floor(response.status / 100)}xx`;
      const location = response.headers.location;
      // To a host neither this server nor the one the request named (its Host header).
      if (
        bucket === '3xx' &&
        location !== undefined &&
        leavesHost(location, this.host) &&
        leavesHost(location, c.host || this.host) &&
        this.foreignRedirects.length < 50
      ) {
        this.foreignRedirects.push({ ...this.offence('redirect', c, response), bodyStart: `Location: ${location}` });
      }
      this.statusCounts.set(String(response.status), (this.statusCounts.get(String(response.status)) ?? 0) + 1);
      if (bucket === '5xx') {
        this.offences.push(this.offence('server-error', c, response));
        continue;
      }
      if (bucket !== '4xx' || response.body.length === 0) continue;
      const type = response.headers['content-type'] ?? '';
      const text = response.body.toString('utf8');
      if (/json/i.test(type) || /^\s*[{[]/.test(text)) {
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {
          if (/json/i.test(type)) this.offences.push(this.offence('error-shape', c, response));
          continue;
        }
        if (!hasErrorShape(json) && !exempt(c, response, json)) this.offences.push(this.offence('error-shape', c, response));
      } else if (isApiTarget(c.target) && !/html/i.test(type)) {
        if (this.plainApiErrors.length < 50) this.plainApiErrors.push(this.offence('error-shape', c, response));
      }
    }
  }
}

/** Offences of the same kind, route, status and start of body, counted once with an example. */
export function groupOffences(offences: readonly Offence[]): { example: Offence; count: number }[] {
  const groups = new Map<string, { example: Offence; count: number }>();
  for (const offence of offences) {
    const key = `${offence.kind}|${offence.route}|${offence.status}|${offence.bodyStart.slice(0, 80)}`;
    const group = groups.get(key);
    if (group) group.count += 1;
    else groups.set(key, { example: offence, count: 1 });
  }
  return [...groups.values()].sort((a, b) => b.count - a.count);
}

export function describeOffence(offence: Offence): string {
  const status = offence.status === null ? 'no answer' : String(offence.status);
  return `#${offence.index} [${offence.kind}] ${offence.route} (${offence.label}): ${offence.method} ${JSON.stringify(offence.target)} -> ${status} ${offence.contentType} ${JSON.stringify(offence.bodyStart.slice(0, 160))}`;
}
