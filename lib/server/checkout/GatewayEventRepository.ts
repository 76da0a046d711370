import type { Kysely } from 'kysely';
import type { Database } from '@/lib/server/db/schema';
import type { GatewayEvent } from '@/lib/server/payments/PaymentGateway';

/** The gateway events already applied, by their gateway's id: a repeated delivery is recognised. */
export class GatewayEventRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Records an event; false when it was recorded before (by this instance or another). */
  async recordOnce(event: Pick<GatewayEvent, 'id' | 'gateway' | 'type'>, at: Date): Promise<boolean> {
    const recorded = await this.db
      .insertInto('gateway_events')
      .values({ id: event.id, gateway: event.gateway, type: event.type, received_at: at.toISOString() })
      .onConflict((oc) => oc.column('id').doNothing())
      .executeTakeFirst();
    return Number(recorded.numInsertedOrUpdatedRows ?? 0) > 0;
  }
}
