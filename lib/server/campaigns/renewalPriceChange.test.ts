import { describe, expect, it } from 'vitest';
import { db, now, setClock, setUpSandboxCheckout } from '@/tests/fixtures/sandboxCheckout';
import { buyVogueDigital, renewalDeps } from '@/tests/fixtures/sandboxSubscription';
import type { DraftInput } from '@/lib/campaigns/campaignDraft';
import { CatalogueRepository } from '@/lib/server/catalogue/CatalogueRepository';
import { importCatalogueJson } from '@/lib/server/catalogue/importCatalogue';
import { readDemoCatalogue } from '@/lib/server/catalogue/demoCatalogue';
import type { OperatorCaller } from '@/lib/server/operators/operatorAccess';
import { runDueRenewals } from '@/lib/server/renewals/renewalEngine';
import { SubscriptionRepository } from '@/lib/server/subscriptions/SubscriptionRepository';
import { CampaignVersions } from './CampaignVersions';
import { publishCampaign, saveCampaignDraft } from './campaignStudio';
import { changeRenewalPrice } from './renewalPriceChange';

setUpSandboxCheckout();

const DAY = 86_400_000;
const caller = {
  operator: { id: 'op_marketer' },
  via: 'session',
  actor: { operatorId: 'op_marketer', label: 'operator:mo@example.com' },
} as unknown as OperatorCaller;
const studio = () => ({ db, clock: now, catalogue: { invalidate: () => undefined } }) as never;
const subscription = (id: string) => new SubscriptionRepository(db, now).findById(id);

describe('a bought offer’s price', () => {
  it('stays for its subscribers when new buyers get a new offer; changes for them only by the explicit action, with notice', async () => {
    await importCatalogueJson(db, readDemoCatalogue());
    const id = await buyVogueDigital();
    const bought = (await subscription(id))!;
    expect(bought).toMatchObject({ offerId: '1001', renewalAmount: 5000 });

    // New buyers: a copy of Vogue Digital at $60.00 takes its place on the campaign's page.
    const [latest] = await new CampaignVersions(db).list('vogue-demo-single');
    const draft = structuredClone(latest!.content) as unknown as DraftInput;
    const copy = { ...draft.offers.find((offer) => offer.id === '1001')!, id: 'new-1', uuid: '', totalAmount: 6000, savingBadge: null };
    draft.offers = [...draft.offers.filter((offer) => offer.id !== '1001'), copy];
    draft.flow.plans = ['new-1'];
    const saved = await saveCampaignDraft(studio(), caller, 'vogue-demo-single', { baseVersion: latest!.version, draft });
    await publishCampaign(studio(), caller, 'vogue-demo-single', saved.version);
    const file = await new CatalogueRepository(db).exportAll();
    const newOffer = saved.draft.flow.plans as string[];
    expect(file.checkoutFlows.find((flow) => flow.campaignId === 'vogue-demo-single')?.plans).toEqual(newOffer);
    expect(file.offers.find((offer) => offer.id === '1001')?.totalAmount).toBe(5000);
    // The subscriber was given nothing to notice: no price moved under them.
    await runDueRenewals(renewalDeps());
    expect(await subscription(id)).toMatchObject({ renewalAmount: 5000, pendingPrice: null });

    // The explicit change: the catalogue's renewal price, then the market's notice before it applies.
    setClock(Date.parse(bought.currentPeriodEnd) - 60 * DAY);
    const changed = await changeRenewalPrice(studio(), caller, '1001', 5500);
    expect(changed).toEqual({ offerId: '1001', before: 5000, after: 5500, currencyCode: 'USD', subscribers: 1 });
    const audit = await db.selectFrom('audit_log').selectAll().where('action', '=', 'offer.renewal_price_changed').execute();
    expect(JSON.parse(audit[0]!.before_json!)).toEqual({ renewalAmount: 5000 });
    setClock(Date.parse(bought.currentPeriodEnd) - 30 * DAY);
    await runDueRenewals(renewalDeps());
    expect(await subscription(id)).toMatchObject({ renewalAmount: 5000, pendingPrice: { amount: 5500, from: bought.currentPeriodEnd } });

    await expect(changeRenewalPrice(studio(), caller, '1001', 5500)).rejects.toMatchObject({ status: 409, code: 'same_price' });
    await expect(changeRenewalPrice(studio(), caller, '999', 5500)).rejects.toMatchObject({ status: 404 });
    // Below its first-period price ($25.00): the offer's own field says why, and nothing changed.
    await expect(changeRenewalPrice(studio(), caller, '1001', 100)).rejects.toMatchObject({ status: 400, code: 'invalid_price' });
    expect((await new CatalogueRepository(db).exportAll()).offers.find((offer) => offer.id === '1001')?.totalAmount).toBe(5500);
  });
});
