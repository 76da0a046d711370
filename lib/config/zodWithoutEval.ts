/**
 * zod probes once, with `new Function("")`, whether it may compile its parsers; the probe is
 * caught, but under our content security policy (no 'unsafe-eval') the browser reports it as a
 * violation on every page that validates anything, drowning the reports that matter (an
 * injected script). jitless skips the probe. zod reads this object when it loads, or keeps the
 * one it made, which is the same object once it exists; set before any page code runs.
 */
export function runZodWithoutEval(): void {
  const holder = globalThis as typeof globalThis & { __zod_globalConfig?: { jitless?: boolean } };
  holder.__zod_globalConfig ??= {};
  holder.__zod_globalConfig.jitless = true;
}
