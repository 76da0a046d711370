import fs from 'node:fs';
import os from 'node:os';

/** The latest figures of each part of the bench, committed: docs/performance.md's table is read from it. */
export const RESULTS_FILE = 'bench/results.json';

/**
 * Records a run's parts in bench/results.json, keeping the other parts' latest figures
 * (BENCH_ONLY runs measure one part), each with when and on what it was measured.
 */
export function recordResults(parts: Record<string, unknown>): void {
  let results: Record<string, unknown>;
  try {
    results = JSON.parse(fs.readFileSync(RESULTS_FILE, 'utf8')) as Record<string, unknown>;
  } catch {
    results = {};
  }
  const measured = {
    at: new Date().toISOString(),
    node: process.versions.node,
    cpus: os.cpus().length,
    loadAverage: os.loadavg().map((value) => Math.round(value * 10) / 10),
  };
  for (const [name, value] of Object.entries(parts)) results[name] = { measured, value };
  fs.writeFileSync(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);
}
