/** One proof's result, as test-results/proofs.json keeps it. */
export interface ProofResult {
  title: string;
  ok: boolean;
  /** Each thing checked, "ok: …" or "FAILED: …". */
  checks: string[];
  /** What was measured, for the report. */
  measures: Record<string, unknown>;
  durationMs?: number;
}

/** Collects a proof's checks: each is an expectation with a readable line. */
export class Checks {
  readonly lines: string[] = [];
  ok = true;

  that(condition: boolean, what: string, got?: unknown): boolean {
    const detail = got === undefined ? '' : ` (got ${typeof got === 'string' ? got : JSON.stringify(got)})`;
    this.lines.push(`${condition ? 'ok' : 'FAILED'}: ${what}${condition ? '' : detail}`);
    if (!condition) this.ok = false;
    return condition;
  }
}

/** Counts of equal values: { "200 succeeded": 49, "409 attempt_in_progress": 1 }. */
export function tally(values: readonly string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
}

/** Polls `read` until `done` holds or `timeoutMs` passes; answers the last value read. */
export async function pollUntil<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number, everyMs = 250): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, everyMs));
    value = await read();
  }
  return value;
}
