import type { Kysely } from 'kysely';
import type { Database } from '@/lib/server/db/schema';
import type { PlanStore } from './paypalPlans';

/**
 * The PayPal billing plans made for renewing offers, kept in our database so that each is
 * made once. A plan deactivated at PayPal must have its row deleted to be made again.
 */
export class DbPlanStore implements PlanStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async get(key: string): Promise<string | null> {
    const row = await this.db.selectFrom('paypal_plans').select('plan_id').where('key', '=', key).executeTakeFirst();
    return row?.plan_id ?? null;
  }

  async put(key: string, planId: string): Promise<void> {
    await this.db
      .insertInto('paypal_plans')
      .values({ key, plan_id: planId, created_at: this.now().toISOString() })
      .onConflict((oc) => oc.column('key').doUpdateSet({ plan_id: planId }))
      .execute();
  }
}
