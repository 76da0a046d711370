import type { DeclarationOutcome } from './cancelDeclarationsPass';

/** How often each instance applies the declarations no kick reached (one whose instance stopped before it applied them). */
export const CANCEL_DECLARATIONS_INTERVAL_MS = 15_000;

/**
 * Runs the cancel page's background pass (applyCancelDeclarations) soon after a declaration
 * was recorded, never while its request is answered: kick() only schedules it, so that the
 * request's answer waits for no subscription lookup, e-mail or provider call. Kicks while a
 * pass waits to start share it; a kick during a running pass makes one more follow it. Only
 * the process's one context starts it (serverContext.ts): a worker that was never started
 * ignores kicks, and tests run the pass themselves.
 */
export class CancelDeclarationWorker {
  private started = false;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | null = null;
  private waiting: Promise<void> | null = null;

  constructor(
    private readonly pass: () => Promise<DeclarationOutcome[]>,
    private readonly log: (line: string, error?: unknown) => void = (line, error) =>
      error === undefined ? console.info(line) : console.error(line, error),
  ) {}

  /** A pass now, then every `intervalMs` (the timer does not keep the process alive). */
  start(intervalMs: number): void {
    if (this.started) return;
    this.started = true;
    this.timer = setInterval(() => void this.kick(), intervalMs);
    this.timer.unref();
    void this.kick();
  }

  async stop(): Promise<void> {
    this.started = false;
    clearInterval(this.timer);
    this.timer = undefined;
    await this.waiting;
    await this.running;
  }

  /** Asks for a pass soon; resolves when it has ended, never rejects (a failed pass is logged and left to the next). */
  kick(): Promise<void> {
    if (!this.started) return Promise.resolve();
    this.waiting ??= (async () => {
      await this.running;
      // A tick of the event loop: the request that kicked has answered first, and a burst's kicks share this pass.
      await new Promise((resolve) => setTimeout(resolve, 0));
      this.waiting = null;
      if (!this.started) return;
      const run = this.runOnce();
      this.running = run;
      await run;
      if (this.running === run) this.running = null;
    })();
    return this.waiting;
  }

  private async runOnce(): Promise<void> {
    try {
      for (const outcome of await this.pass()) {
        this.log(
          outcome.kind === 'applied'
            ? `[cancel-page] ${outcome.declarationId} applied: ${outcome.cancelled} subscription(s) cancelled`
            : `[cancel-page] ${outcome.declarationId} left: ${outcome.reason}`,
        );
      }
    } catch (error) {
      this.log('[cancel-page] a pass failed; the next tries again:', error);
    }
  }
}
