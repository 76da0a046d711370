import { expect, type ConsoleMessage, type Page, type TestInfo } from '@playwright/test';

/**
 * A resource answer the page is expected to explain, e.g. the success page without a
 * receipt (403, "We can't show this order") or auth/complete without a token (400).
 * `path` is matched against the pathname of the answered URL: the document itself, or
 * the `/_next/data/…/{step}.json` Next fetches for a client-side navigation.
 */
export interface ExplainedAnswer {
  status: number;
  path: RegExp;
}

interface Problem {
  kind: 'pageerror' | 'console';
  text: string;
  url: string;
}

/** Chromium's console line for a resource that answered with an error status. */
const RESOURCE_STATUS = /^Failed to load resource: the server responded with a status of (\d{3})\b/;

function pathnameOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

/**
 * Collects everything that goes wrong in a page's browser side (uncaught errors, React's
 * recoverable errors such as hydration mismatches #418, console errors, failed resource
 * loads) and fails a visit that produced any, except the 4xx answers a visit declares as
 * explained. Console warnings are kept as annotations on the test, for the report.
 *
 *   const guard = ConsoleGuard.attach(page, testInfo);
 *   await guard.visit('success: direct load', async () => { … }, { explained: [{ status: 403, path: /\/success$/ }] });
 */
export class ConsoleGuard {
  private problems: Problem[] = [];
  private explained: ExplainedAnswer[] = [];
  private readonly warnings = new Set<string>();

  private constructor(
    readonly page: Page,
    private readonly testInfo?: TestInfo,
  ) {
    page.on('pageerror', (error) => this.problems.push({ kind: 'pageerror', text: `${error.name}: ${error.message}`, url: page.url() }));
    page.on('console', (message) => this.onConsole(message));
  }

  static attach(page: Page, testInfo?: TestInfo): ConsoleGuard {
    return new ConsoleGuard(page, testInfo);
  }

  private onConsole(message: ConsoleMessage): void {
    const type = message.type();
    const url = message.location().url || this.page.url();
    if (type === 'warning') {
      const line = `${pathnameOf(this.page.url())}: ${message.text()}`;
      if (!this.warnings.has(line)) {
        this.warnings.add(line);
        this.testInfo?.annotations.push({ type: 'console warning', description: line });
      }
      return;
    }
    if (type !== 'error' && type !== 'assert') return;
    this.problems.push({ kind: 'console', text: message.text(), url });
  }

  private isExplained(problem: Problem): boolean {
    if (problem.kind !== 'console') return false;
    const status = RESOURCE_STATUS.exec(problem.text)?.[1];
    if (!status) return false;
    return this.explained.some((answer) => answer.status === Number(status) && answer.path.test(pathnameOf(problem.url)));
  }

  /** Forgets what happened so far (e.g. while signing in before the visits under test). */
  reset(): void {
    this.problems = [];
    this.explained = [];
  }

  /** What went wrong since the last reset, less the declared explained answers. */
  unexplained(): string[] {
    return this.problems
      .filter((problem) => !this.isExplained(problem))
      .map((problem) => `${problem.kind} on ${pathnameOf(problem.url)}: ${problem.text}`);
  }

  /**
   * Runs one visit (a navigation and its assertions), waits until the page has hydrated and
   * settled, and fails if anything went wrong during it.
   */
  async visit(label: string, run: () => Promise<unknown>, options: { explained?: ExplainedAnswer[] } = {}): Promise<void> {
    this.reset();
    this.explained = options.explained ?? [];
    await run();
    await settled(this.page);
    expect(this.unexplained(), `errors during "${label}"`).toEqual([]);
  }
}

/**
 * Waits until the page's first heading is a node React has hydrated (or rendered), then a
 * couple of frames more, so that hydration errors and effects of the load have happened.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await page.waitForFunction(() => {
    const heading = document.querySelector('h1');
    return heading !== null && Object.keys(heading).some((key) => key.startsWith('__reactFiber$'));
  });
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 150)))),
  );
}
