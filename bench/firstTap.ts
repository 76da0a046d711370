/**
 * The latency of a page's first tap, from the browser's Event Timing entries: what INP
 * reports for a page with one interaction. An interaction is several events (pointerdown,
 * pointerup, click…) sharing an interactionId; its latency is the longest of them, from
 * the input to the next paint. Entries under the observer's threshold (16 ms) are not
 * reported at all: no entry means the tap was answered within it.
 */
export interface EventTimingEntry {
  name: string;
  interactionId: number;
  startTime: number;
  duration: number;
}

/** The observer the bench installs before tapping; the entries collect on window.__benchTaps. */
export const OBSERVE_TAPS = `(() => {
  window.__benchTaps = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.interactionId) window.__benchTaps.push({ name: e.name, interactionId: e.interactionId, startTime: e.startTime, duration: e.duration });
    }
  }).observe({ type: 'event', durationThreshold: 16 });
})()`;
export const READ_TAPS = 'window.__benchTaps ?? []';
export const TAP_THRESHOLD_MS = 16;

/** The first interaction's latency in ms, or null when it stayed under the threshold. */
export function firstTapLatency(entries: readonly EventTimingEntry[]): number | null {
  const byInteraction = new Map<number, { start: number; latency: number }>();
  for (const entry of entries) {
    const seen = byInteraction.get(entry.interactionId);
    byInteraction.set(entry.interactionId, {
      start: Math.min(seen?.start ?? Infinity, entry.startTime),
      latency: Math.max(seen?.latency ?? 0, entry.duration),
    });
  }
  const first = [...byInteraction.values()].sort((a, b) => a.start - b.start)[0];
  return first ? Math.round(first.latency) : null;
}

/** The median of the runs, a run under the threshold counting as the threshold. */
export function medianTap(runs: readonly (number | null)[]): number | null {
  if (runs.length === 0) return null;
  const values = runs.map((ms) => ms ?? TAP_THRESHOLD_MS).sort((a, b) => a - b);
  const middle = values[Math.floor(values.length / 2)]!;
  return middle <= TAP_THRESHOLD_MS ? null : middle;
}
