import { randomBytes } from 'node:crypto';

/**
 * Ids that sort in arrival order, so that listing by id is listing in the order events
 * were received: `<prefix>_<ms since epoch, 13 digits>_<sequence within the ms, 6 digits>_<process tag>`.
 * The clock is made monotonic (a step back reuses the last millisecond), and the tag keeps
 * two server processes writing the same database from ever minting the same id.
 */
export class ArrivalIds {
  private lastMs = 0;
  private sequence = 0;
  private readonly tag: string;

  constructor(
    private readonly now: () => Date = () => new Date(),
    tag?: string,
  ) {
    this.tag = tag ?? randomBytes(3).toString('hex');
  }

  /** The next id and the time it stands for (received_at must agree with the id's order). */
  next(prefix: string): { id: string; at: Date } {
    const ms = Math.max(this.now().getTime(), this.lastMs);
    if (ms === this.lastMs) {
      this.sequence += 1;
    } else {
      this.lastMs = ms;
      this.sequence = 0;
    }
    // A million ids in one millisecond would overflow the padding: borrow the next millisecond.
    if (this.sequence > 999_999) {
      this.lastMs += 1;
      this.sequence = 0;
    }
    const id = `${prefix}_${String(this.lastMs).padStart(13, '0')}_${String(this.sequence).padStart(6, '0')}_${this.tag}`;
    return { id, at: new Date(this.lastMs) };
  }
}

/**
 * The smallest id an instant can have: ids sort by arrival time, so a time range is an id
 * range, and the table needs no index of its own on received_at for it.
 */
export function arrivalIdFloor(prefix: string, at: Date): string {
  return `${prefix}_${String(Math.max(0, at.getTime())).padStart(13, '0')}`;
}
