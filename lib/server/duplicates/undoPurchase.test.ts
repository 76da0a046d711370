import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { demoSnapshot } from '@/tests/fixtures/demoSnapshot';
import { testDb } from '@/tests/fixtures/testDb';
import { submitRequestFixture } from '@/tests/fixtures/submitRequest';
import { submitRequestSchema } from '@/lib/checkout/submitContract';
import type { CatalogueSnapshot } from '@/lib/server/catalogue/CatalogueRepository';
import { submitCheckout } from '@/lib/server/checkout/submitService';
import type { Database } from '@/lib/server/db/schema';
import { HttpError } from '@/lib/server/http/HttpError';
import type { Refund } from '@/lib/server/refunds/Refund';
import { SandboxGateway } from '@/lib/server/payments/sandbox/SandboxGateway';
import type { Subscription } from '@/lib/server/subscriptions/Subscription';
import { undoPurchase, type UndoDeps } from './undoPurchase';

let snapshot: CatalogueSnapshot;
let db: Kysely<Database>;
const now = () => new Date('2026-11-21T12:00:00Z');
beforeAll(async () => {
  snapshot = await demoSnapshot();
});
beforeEach(async () => {
  db = await testDb();
});
afterEach(async () => db.destroy());

async function duplicateToken(): Promise<string> {
  const gateway = new SandboxGateway(db, async () => undefined, now);
  for (let i = 0; i < 2; i += 1) {
    const input = submitRequestSchema.parse(submitRequestFixture());
    await submitCheckout({ db, gateways: [gateway], now, origin: 'https://shop.example.com' }, snapshot, input);
  }
  const mail = await db.selectFrom('outbox').select('link').where('kind', '=', 'duplicate-purchase').executeTakeFirstOrThrow();
  return new URL(mail.link!).searchParams.get('token')!;
}

function deps(refund: UndoDeps['refunds']['refund']): UndoDeps & { ended: Subscription[] } {
  const ended: Subscription[] = [];
  return { db, now, refunds: { refund }, endNow: async (subscription) => void ended.push(subscription), ended };
}

describe('undoPurchase', () => {
  it('ends nothing and keeps the link usable when the provider refuses the refund', async () => {
    const token = await duplicateToken();
    const refused = deps(async () => ({ status: 'failed' }) as Refund);
    await expect(undoPurchase(refused, token, 'client')).rejects.toMatchObject({ status: 409, code: 'undo_refund_refused' });
    expect(refused.ended).toEqual([]);
    expect((await db.selectFrom('duplicate_purchase_undos').select('used_at').executeTakeFirstOrThrow()).used_at).toBeNull();
  });

  it('keeps the link usable when the provider cannot be reached, and undoes on the next press', async () => {
    const token = await duplicateToken();
    const down = deps(async () => {
      throw new HttpError(503, 'refund_provider_unavailable', 'The payment provider did not answer.');
    });
    await expect(undoPurchase(down, token, 'client')).rejects.toMatchObject({ status: 503 });
    expect(down.ended).toEqual([]);
    const up = deps(async () => ({ status: 'pending' }) as Refund);
    expect(await undoPurchase(up, token, 'client')).toMatchObject({
      undone: true,
      refund: { status: 'pending', amount: { cents: 2500, currency: 'USD' } },
    });
    expect(up.ended).toHaveLength(1);
  });

  it('still ends the subscription of a purchase customer care refunded already, and says so', async () => {
    const token = await duplicateToken();
    const refunded = deps(async () => {
      throw new HttpError(409, 'nothing_to_refund', 'This payment is refunded in full already.');
    });
    expect(await undoPurchase(refunded, token, 'client')).toMatchObject({ refund: { status: 'already' } });
    expect(refunded.ended).toHaveLength(1);
  });
});
