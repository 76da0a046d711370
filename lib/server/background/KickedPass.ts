/**
 * Runs a background pass (the public cancel page's, the public withdrawal page's) soon after
 * a request recorded work for it, never while that request is answered: kick() only schedules
 * it, so that the answer waits for no lookup, e-mail or provider call. Kicks while a pass
 * waits to start share it; a kick during a running pass makes one more follow it. Only the
 * process's one context starts it (serverContext.ts): a pass that was never started ignores
 * kicks, and tests run the pass themselves.
 */
export class KickedPass {
  private started = false;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | null = null;
  private waiting: Promise<void> | null = null;

  /**
   * `name` prefixes its log lines; `pass` does the work and answers one line for each thing
   * it did (ids only: the log is no place for addresses).
   */
  constructor(
    private readonly name: string,
    private readonly pass: () => Promise<string[]>,
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
      for (const line of await this.pass()) this.log(`[${this.name}] ${line}`);
    } catch (error) {
      this.log(`[${this.name}] a pass failed; the next tries again:`, error);
    }
  }
}
