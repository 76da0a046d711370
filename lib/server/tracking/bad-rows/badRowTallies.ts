import { sql, type Kysely } from 'kysely';
import type { Database } from '@/lib/server/db/schema';
import type { BadRowChannel } from '@/lib/server/tracking/storage/EventStore';
import type { Tally, WindowTallies } from './badRowSummaries';

/** The tally of the addresses beyond those followed in a window, summed under one name no client key has. */
export const UNFOLLOWED = '';

export type Outcome = 'kept' | 'suppressed' | 'limited';

/**
 * The bad-row limiter's tallies and windows in the tracking database (tables bad_row_tallies
 * and bad_row_windows, migration 0014), shared by every instance. Every query is Kysely's
 * builder, the same on SQLite and PostgreSQL. Windows are named by their ISO start.
 */
export class BadRowTallies {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Whether `client` has a tally of its own in the window: yes if it already has one, else
   * if fewer than `maxClients` addresses have one yet (then it takes a place). Two first
   * requests of one address at once may both take a place: the bound errs on the low side.
   */
  async follow(windowStart: string, client: string, maxClients: number): Promise<boolean> {
    const standing = await this.db
      .selectFrom('bad_row_windows')
      .select((eb) => [
        'followed',
        eb
          .exists(eb.selectFrom('bad_row_tallies').select('client').where('window_start', '=', windowStart).where('client', '=', client))
          .as('known'),
      ])
      .where('window_start', '=', windowStart)
      .executeTakeFirst();
    if (standing && Boolean(standing.known)) return true;
    // Beyond the bound, no write: a flood from ever new addresses costs a read each, and its tally.
    if (standing && standing.followed >= maxClients) return false;
    const { followed } = await this.db
      .insertInto('bad_row_windows')
      .values({ window_start: windowStart, followed: 1 })
      .onConflict((oc) => oc.column('window_start').doUpdateSet({ followed: sql<number>`bad_row_windows.followed + 1` }))
      .returning('followed')
      .executeTakeFirstOrThrow();
    return followed <= maxClients;
  }

  /**
   * Counts one refused request of `client` (or UNFOLLOWED) into the window. The window's row
   * exists by then (follow made it), so that the window is found when it is to be summarised.
   */
  async add(windowStart: string, client: string, channel: BadRowChannel, outcome: Outcome, reason: string, at: string): Promise<void> {
    const suppressed = outcome !== 'kept';
    await this.db
      .insertInto('bad_row_tallies')
      .values({
        window_start: windowStart,
        client,
        channel,
        kept: suppressed ? 0 : 1,
        suppressed: suppressed ? 1 : 0,
        limited: outcome === 'limited' ? 1 : 0,
        last_reason: suppressed ? reason : '',
        last_at: suppressed ? at : '',
      })
      .onConflict((oc) =>
        oc.columns(['window_start', 'client', 'channel']).doUpdateSet((eb) => {
          // Instances commit out of order: the latest request's reason wins, not the latest commit's.
          const later = eb('excluded.last_at', '>=', eb.ref('bad_row_tallies.last_at'));
          return {
            kept: eb('bad_row_tallies.kept', '+', eb.ref('excluded.kept')),
            suppressed: eb('bad_row_tallies.suppressed', '+', eb.ref('excluded.suppressed')),
            limited: eb('bad_row_tallies.limited', '+', eb.ref('excluded.limited')),
            last_reason: eb.case().when(later).then(eb.ref('excluded.last_reason')).else(eb.ref('bad_row_tallies.last_reason')).end(),
            last_at: eb.case().when(later).then(eb.ref('excluded.last_at')).else(eb.ref('bad_row_tallies.last_at')).end(),
          };
        }),
      )
      .execute();
  }

  /** Windows that started before `before` whose summaries nobody has claimed, oldest first. */
  async unclaimed(before: string, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('bad_row_windows')
      .select('window_start')
      .where('summarised_at', 'is', null)
      .where('window_start', '<', before)
      .orderBy('window_start')
      .limit(limit)
      .execute();
    return rows.map((row) => row.window_start);
  }

  /**
   * Claims the summaries of a window for this instance: one conditional update, so that of
   * instances claiming at once exactly one succeeds (PostgreSQL re-checks the condition once
   * the first commits; SQLite runs one writer at a time).
   */
  async claim(windowStart: string, at: string): Promise<boolean> {
    const { numUpdatedRows } = await this.db
      .updateTable('bad_row_windows')
      .set({ summarised_at: at })
      .where('window_start', '=', windowStart)
      .where('summarised_at', 'is', null)
      .executeTakeFirst();
    return numUpdatedRows > 0n;
  }

  /**
   * The window's tallies as its summaries need them: the `maxSummaries` addresses with the
   * most suppressed requests, each whole, and the rest summed in the database, so that what
   * is read stays bounded however many addresses the window saw.
   */
  async read(windowStart: string, maxSummaries: number): Promise<WindowTallies> {
    const inWindow = this.db.selectFrom('bad_row_tallies').where('window_start', '=', windowStart);
    const top = await inWindow
      .select((eb) => [
        'client',
        eb.fn.sum<number>('kept').as('kept_total'),
        eb.fn.sum<number>('suppressed').as('suppressed_total'),
        eb.fn.sum<number>('limited').as('limited_total'),
      ])
      .where('client', '!=', UNFOLLOWED)
      .groupBy('client')
      .having((eb) => eb.fn.sum('suppressed'), '>', 0)
      .orderBy((eb) => eb.fn.sum('suppressed'), 'desc')
      .orderBy('client')
      .limit(Math.max(0, maxSummaries))
      .execute();
    const clients = top.map((row) => row.client);
    const suppressedRows = inWindow.where('suppressed', '>', 0);

    const channelRows =
      clients.length === 0
        ? []
        : await suppressedRows
            .select(['client', 'channel', 'suppressed', 'last_reason', 'last_at'])
            .where('client', 'in', clients)
            .execute();
    const own = top.map((row) => {
      const rows = channelRows.filter((channelRow) => channelRow.client === row.client);
      return {
        client: row.client,
        kept: Number(row.kept_total),
        suppressed: Number(row.suppressed_total),
        limited: Number(row.limited_total),
        ...channelsOf(rows),
      };
    });

    const others = clients.length === 0 ? suppressedRows : suppressedRows.where('client', 'not in', clients);
    const restChannels = await others
      .select((eb) => [
        'channel',
        eb.fn.sum<number>('kept').as('kept_total'),
        eb.fn.sum<number>('suppressed').as('suppressed_total'),
        eb.fn.sum<number>('limited').as('limited_total'),
      ])
      .groupBy('channel')
      .execute();
    if (restChannels.length === 0) return { own, rest: null };
    const latest = await others
      .select(['channel', 'last_reason'])
      // Ties (one clock tick) go to the unfollowed addresses, then to the fewest suppressed: as the summaries were always written.
      .orderBy('last_at', 'desc')
      .orderBy(sql`client = ${UNFOLLOWED}`, 'desc')
      .orderBy('suppressed')
      .limit(1)
      .executeTakeFirstOrThrow();
    const addresses = await others
      .select((eb) => eb.fn.count<number>('client').distinct().as('n'))
      .where('client', '!=', UNFOLLOWED)
      .executeTakeFirstOrThrow();
    const unfollowed = await others.select('client').where('client', '=', UNFOLLOWED).limit(1).executeTakeFirst();
    const sum = (column: 'kept_total' | 'suppressed_total' | 'limited_total') =>
      restChannels.reduce((total, row) => total + Number(row[column]), 0);
    return {
      own,
      rest: {
        kept: sum('kept_total'),
        suppressed: sum('suppressed_total'),
        limited: sum('limited_total'),
        byChannel: restChannels.map((row) => [row.channel, Number(row.suppressed_total)] as const).sort(([a], [b]) => (a < b ? -1 : 1)),
        lastReason: latest.last_reason,
        lastChannel: latest.channel,
        addresses: Number(addresses.n),
        unfollowed: unfollowed !== undefined,
      },
    };
  }

  /** Forgets every window and tally (tests). */
  async forget(): Promise<void> {
    await this.db.deleteFrom('bad_row_tallies').execute();
    await this.db.deleteFrom('bad_row_windows').execute();
  }
}

/** An address's suppressed requests per channel (in name order), and its latest reason. */
function channelsOf(
  rows: readonly { channel: BadRowChannel; suppressed: number; last_reason: string; last_at: string }[],
): Pick<Tally, 'byChannel' | 'lastReason' | 'lastChannel'> {
  const byName = [...rows].sort((a, b) => (a.channel < b.channel ? -1 : 1));
  const latest = byName.reduce((last, row) => (row.last_at > last.last_at ? row : last), byName[0]!);
  return {
    byChannel: byName.map((row) => [row.channel, row.suppressed] as const),
    lastReason: latest.last_reason,
    lastChannel: latest.channel,
  };
}
