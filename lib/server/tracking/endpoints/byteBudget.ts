import * as Sentry from '@sentry/nextjs';
import ipaddr from 'ipaddr.js';
import { markedError } from '@/lib/server/crossBundleMark';
import { clientKey } from '@/lib/server/http/clientAddress';
import { HttpError } from '@/lib/server/http/HttpError';
import type { RateLimiter } from '@/lib/server/identity/RateLimiter';

/**
 * Bytes of tracking data the database may take per fixed window (INGEST_BYTES_PER_CLIENT,
 * INGEST_BYTES_PER_NETWORK, INGEST_BYTES_TOTAL, over INGEST_EVENTS_WINDOW_SECONDS).
 */
export interface ByteBudgets {
  /** Per client: an IPv4 address, or an IPv6 /64 (what one subscriber line is handed). */
  perClient: number;
  /** Per IPv6 /48, all its /64s together: one site's allocation cannot multiply the client budget by 65,536. */
  perNetwork: number;
  /** Everyone together: what the disk can be asked to take per window, whatever the number of addresses. */
  total: number;
  windowMs: number;
}

/** The keys a client's bytes count under: its own (/64 for IPv6) and, for IPv6, its /48. */
export interface BudgetKeys {
  client: string;
  network: string | null;
}

/** The keys of a client address (as clientAddress gives it): IPv4 by address, IPv6 by /64 and by /48. */
export function budgetKeysOf(address: string): BudgetKeys {
  if (!ipaddr.IPv6.isValid(address)) return { client: clientKey(address), network: null };
  const parts = ipaddr.IPv6.parse(address).parts.slice(0, 3);
  return { client: clientKey(address), network: `${parts.map((part) => part.toString(16)).join(':')}::/48` };
}

type Scope = 'client' | 'network' | 'total';

function windowText(windowMs: number): string {
  const minutes = Math.round(windowMs / 60_000);
  return minutes >= 1 ? `${minutes} minute${minutes === 1 ? '' : 's'}` : `${Math.round(windowMs / 1000)} seconds`;
}

function retryText(seconds: number): string {
  return `Please retry in ${seconds} second${seconds === 1 ? '' : 's'}.`;
}

/**
 * A request over a byte budget: 429 with Retry-After, nothing of it stored. Marked: the
 * budget is checked by the server context's copy of this module, the route may be another.
 */
export class ByteBudgetError extends markedError('purchase-journey.ByteBudgetError', HttpError) {
  constructor(
    readonly retryAfterSeconds: number,
    readonly scope: Scope,
    budgets: ByteBudgets,
  ) {
    const window = windowText(budgets.windowMs);
    const messages: Record<Scope, [string, string]> = {
      client: ['too_much_tracking_data', `This address has sent more than ${budgets.perClient} bytes of tracking data in ${window}`],
      network: [
        'too_much_tracking_data',
        `The addresses of this network (IPv6 /48) have sent more than ${budgets.perNetwork} bytes of tracking data in ${window}`,
      ],
      total: [
        'tracking_budget_exhausted',
        `The service has taken its ${budgets.total} bytes of tracking data for these ${window} and takes no more until they are over`,
      ],
    };
    const [code, reason] = messages[scope];
    super(429, code, `${reason}; nothing of this request was recorded. ${retryText(retryAfterSeconds)}`);
  }
}

/**
 * Bounds the bytes of tracking data the database takes, per client, per IPv6 /48 and in
 * total, in fixed windows counted in the database (`rate_limits`: every instance shares
 * them). A request is counted by the bytes it would store (storedBytes.ts), one upsert per
 * budget, the narrowest first: a client over its own budget stops there, so that it cannot
 * use up its network's or everyone's. The total budget being used up is logged and
 * reported once per window and process: it means real visitors lose their events too.
 */
export class ByteBudget {
  private reportedWindow = -1;

  constructor(
    private readonly limiter: RateLimiter,
    readonly budgets: ByteBudgets,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * Counts `bytes` for the client; throws ByteBudgetError (429) beyond any budget. A bad
   * row counts against its client's and network's budgets only (`total: false`): junk must
   * not use up what real visitors need; the bad-row limiter bounds how many are kept in all.
   */
  async admit(keys: BudgetKeys, bytes: number, options: { total?: boolean } = {}): Promise<void> {
    if (bytes <= 0) return;
    const { perClient, perNetwork, total, windowMs } = this.budgets;
    const client = await this.limiter.allowAmount(`ingest:bytes:${keys.client}`, bytes, perClient, windowMs);
    if (!client.allowed) throw new ByteBudgetError(client.retryAfterSeconds, 'client', this.budgets);
    if (keys.network) {
      const network = await this.limiter.allowAmount(`ingest:bytes:net:${keys.network}`, bytes, perNetwork, windowMs);
      if (!network.allowed) throw new ByteBudgetError(network.retryAfterSeconds, 'network', this.budgets);
    }
    if (options.total === false) return;
    const all = await this.limiter.allowAmount('ingest:bytes:all', bytes, total, windowMs);
    if (!all.allowed) {
      this.reportExhausted();
      throw new ByteBudgetError(all.retryAfterSeconds, 'total', this.budgets);
    }
  }

  private reportExhausted(): void {
    const window = Math.floor(this.now().getTime() / this.budgets.windowMs);
    if (window === this.reportedWindow) return;
    this.reportedWindow = window;
    const message = `[events] the total tracking budget (${this.budgets.total} bytes per ${windowText(this.budgets.windowMs)}, INGEST_BYTES_TOTAL) is used up: tracking events are refused (429) until ${new Date((window + 1) * this.budgets.windowMs).toISOString()}`;
    console.error(message);
    Sentry.captureMessage(message, 'warning');
  }
}
