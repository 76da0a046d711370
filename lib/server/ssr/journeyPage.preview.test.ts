import { journeyPageProps, loadJourneyPage } from '@/tests/fixtures/journeyPageLoad';
import { newPlan } from '@/tests/fixtures/draftForm';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { operatorCaller } from '@/tests/fixtures/operatorSessions';
import type { DraftInput } from '@/lib/campaigns/campaignDraft';
import { encodeCartSelection } from '@/lib/cart/cartSelection';
import { submitRequestSchema } from '@/lib/checkout/submitContract';
import type { JourneyPageProps } from '@/lib/journey/viewModels';
import type { CatalogueFile } from '@/lib/catalogue/catalogueFile';
import { serverContext } from '@/lib/server/context/serverContext';
import { CatalogueRepository } from '@/lib/server/catalogue/CatalogueRepository';
import { importCatalogueJson } from '@/lib/server/catalogue/importCatalogue';
import { readDemoCatalogue } from '@/lib/server/catalogue/demoCatalogue';
import { createPreview } from '@/lib/server/campaigns/campaignPreviews';
import { CampaignVersions } from '@/lib/server/campaigns/CampaignVersions';
import { saveCampaignDraft } from '@/lib/server/campaigns/campaignStudio';
import { checkoutCatalogue } from '@/lib/server/checkout/checkoutCatalogue';
import { RECEIPT_COOKIE } from '@/lib/server/checkout/receiptCookie';
import { submitCheckout } from '@/lib/server/checkout/submitService';
import type { OperatorCaller } from '@/lib/server/operators/operatorAccess';

/** The journey pages of a preview link (issue 40), through the route's loader on the process's server context and the demo catalogue. */

let caller: OperatorCaller;

beforeAll(async () => {
  const { db, catalogue } = await serverContext();
  const imported = await importCatalogueJson(db, readDemoCatalogue());
  if (!imported.ok) throw new Error(imported.errors.join('\n'));
  catalogue.invalidate();
  caller = await operatorCaller(db, 'marketer');
});

/** A new Vogue campaign at /vogue/{urlSlug}, saved as a draft and never published, on sale only from 2027-02-01 once it is. */
async function newCampaign(campaignId: string, urlSlug: string): Promise<{ offerId: string }> {
  const draft: DraftInput = {
    flow: {
      brand: 'vogue',
      urlSlug,
      campaignId,
      headline: 'Vogue for the winter',
      plans: ['new-1'],
      startsAt: '2027-02-01T00:00:00Z',
    },
    offers: [newPlan(1, 'Vogue Winter Digital')],
    coupons: [],
    isDefault: false,
  };
  const saved = await saveCampaignDraft(await serverContext(), caller, null, { baseVersion: null, draft });
  return { offerId: (saved.draft.flow.plans as string[])[0]! };
}

/** A preview link of a version, made `hoursAgo` hours ago: its token. */
async function previewToken(campaignId: string, version: number, hoursAgo = 0): Promise<string> {
  const { db } = await serverContext();
  const made = await createPreview({ db, clock: () => new Date(Date.now() - hoursAgo * 3_600_000) }, caller, campaignId, version);
  return new URL(made.path, 'http://localhost').searchParams.get('preview')!;
}

describe('a preview link’s journey pages', () => {
  it('show an unpublished campaign as visitors will see it, whatever its dates: marked, in test mode, kept and indexed by nobody', async () => {
    await newCampaign('vogue-preview-new', 'preview-new');
    const token = await previewToken('vogue-preview-new', 1);
    // Without the link it is no page at all.
    expect((await loadJourneyPage('/vogue/preview-new')).result).toEqual({ notFound: true });

    const page = await loadJourneyPage(`/vogue/preview-new?preview=${token}`);
    expect(page.status).toBe(200);
    expect(page.headers['Cache-Control']).toBe('private, no-store');
    expect(page.headers['X-Robots-Tag']).toBe('noindex, nofollow');
    expect(page.result).toMatchObject({
      props: {
        kind: 'journey',
        step: 'campaign',
        mode: { livemode: false },
        flow: {
          campaignId: 'vogue-preview-new',
          startsAt: null,
          preview: { token, version: 1, expiresAt: expect.any(String) },
          data: { pageData: { headline: 'Vogue for the winter', plans: [expect.objectContaining({ name: 'Vogue Winter Digital' })] } },
        },
      },
    });
    // A link that asks for live mode is still a test-mode page: a preview takes no real payment.
    for (const url of [`/vogue/preview-new?livemode=true&preview=${token}`, `/vogue/preview-new/cart?preview=${token}&livemode=true`]) {
      expect((await journeyPageProps(url)).mode.livemode).toBe(false);
    }
  });

  it('price the cart from the previewed version, its quote request carrying the token', async () => {
    const { offerId } = await newCampaign('vogue-preview-cart', 'preview-cart');
    const token = await previewToken('vogue-preview-cart', 1);
    const cart = encodeCartSelection({ offerId, addOnIds: [], promoCode: null, country: null, region: null });
    const props = await journeyPageProps(`/vogue/preview-cart/cart?preview=${token}`, { 'pj_cart_vogue-preview-cart': cart });
    expect(props.view).toMatchObject({
      order: {
        quoteRequest: { brand: 'vogue', urlSlug: 'preview-cart', offerId, livemode: false, preview: token },
        quote: { campaignId: 'vogue-preview-cart', quote: { total: 4000 } },
      },
    });
  });

  it('show a published campaign’s draft in its place through the link only; its visitors’ page is as it was', async () => {
    const server = await serverContext();
    const [published] = await new CampaignVersions(server.db).list('vogue-demo-fr');
    const draft = structuredClone(published!.content) as unknown as DraftInput;
    draft.flow.headline = 'Un brouillon de Vogue';
    const saved = await saveCampaignDraft(server, caller, 'vogue-demo-fr', { baseVersion: published!.version, draft });
    const token = await previewToken('vogue-demo-fr', saved.version);

    const previewed = await journeyPageProps(`/vogue/demo-fr?preview=${token}`);
    expect(previewed.flow.preview).toMatchObject({ token, version: saved.version });
    expect(previewed.flow.data.pageData.headline).toBe('Un brouillon de Vogue');
    const visitors = await loadJourneyPage('/vogue/demo-fr');
    expect(visitors.headers['X-Robots-Tag']).toBeUndefined();
    expect(visitors.result).toMatchObject({ props: { flow: { data: { pageData: { headline: published!.content.flow.headline } } } } });
    expect((visitors.result as { props: JourneyPageProps }).props.flow.preview).toBeUndefined();
    expect((await server.catalogue.get()).flowsByPath.get('vogue/demo-fr')?.data.pageData.headline).toBe(published!.content.flow.headline);
  });

  it('show the success page of an order bought through the link', async () => {
    const { offerId } = await newCampaign('vogue-preview-paid', 'preview-paid');
    const token = await previewToken('vogue-preview-paid', 1);
    const server = await serverContext();
    const request = submitRequestSchema.parse({
      idempotencyKey: randomUUID(),
      brand: 'vogue',
      urlSlug: 'preview-paid',
      offerId,
      billing: { email: 'buyer@example.com', firstName: 'Ada', lastName: 'Reader', country: 'GB' },
      autoRenewalConsent: false,
      payment: { kind: 'sandbox-card', number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' },
      livemode: false,
      source: null,
      preview: token,
      returnPath: `/vogue/preview-paid/credit-card?preview=${token}`,
    });
    const { response, receipt } = await submitCheckout(server.checkout, await checkoutCatalogue(server, request, {}), request);
    expect(response).toMatchObject({ status: 'succeeded', successPath: `/vogue/preview-paid/success?preview=${token}` });
    const page = await journeyPageProps(`/vogue/preview-paid/success?preview=${token}`, {
      [RECEIPT_COOKIE]: `${receipt!.transactionId}.${receipt!.token}`,
    });
    expect(page).toMatchObject({ step: 'success', view: { transaction: { status: 'succeeded', offer: { id: offerId } } } });
  });

  it('open only the link’s own campaign: another campaign’s page with its token is not found', async () => {
    await newCampaign('vogue-preview-own', 'preview-own');
    const token = await previewToken('vogue-preview-own', 1);
    for (const url of [
      `/vogue/demo-single?preview=${token}`,
      `/gq/demo-gbp/cart?preview=${token}`,
      `/vogue/preview-own-x?preview=${token}`,
    ]) {
      const page = await loadJourneyPage(url);
      expect(page.result, url).toEqual({ notFound: true });
      expect(page.headers['Cache-Control']).toBe('private, no-store');
    }
  });

  it('refuse a token that is not one with a 400 page in the brand, saying why', async () => {
    const token = 'A'.repeat(43);
    for (const [url, reason] of [
      ['/vogue/demo-single?preview=short', { id: 'errors.refusal.preview' }],
      [`/vogue/demo-single?preview=${token}&preview=${token}`, { id: 'errors.refusal.repeated', values: { parameter: 'preview' } }],
    ] as const) {
      const page = await loadJourneyPage(url);
      expect(page.status, url).toBe(400);
      expect(page.result).toEqual({
        props: expect.objectContaining({ kind: 'refused', status: 400, reason, brand: expect.objectContaining({ name: 'Vogue' }) }),
      });
    }
  });

  it('say 410 once the link has expired (or for a token never made), in the campaign’s brand', async () => {
    await newCampaign('vogue-preview-old', 'preview-old');
    const expired = await previewToken('vogue-preview-old', 1, 25);
    for (const token of [expired, 'B'.repeat(43)]) {
      const page = await loadJourneyPage(`/vogue/preview-old?preview=${token}`);
      expect(page.status).toBe(410);
      expect(page.headers['X-Robots-Tag']).toBe('noindex, nofollow');
      expect(page.headers['Cache-Control']).toBe('private, no-store');
      expect(page.result).toEqual({
        props: expect.objectContaining({ kind: 'refused', status: 410, reason: { id: 'errors.previewExpired.message' } }),
      });
      // Its way on is the brand's page for visitors, not the dead link again.
      expect((page.result as { props: { brand: { home: string } } }).props.brand.home).not.toContain('preview=');
    }
    // Made 23 hours ago, it still works.
    const recent = await previewToken('vogue-preview-old', 1, 23);
    expect((await loadJourneyPage(`/vogue/preview-old?preview=${recent}`)).status).toBe(200);
  });

  it('say 409 once the catalogue has changed so that the version no longer fits it', async () => {
    await newCampaign('vogue-preview-taken', 'preview-taken');
    const token = await previewToken('vogue-preview-taken', 1);
    expect((await loadJourneyPage(`/vogue/preview-taken?preview=${token}`)).status).toBe(200);
    // An import gives another campaign the draft's address.
    const { db, catalogue } = await serverContext();
    const file = (await new CatalogueRepository(db).exportAll()) as CatalogueFile;
    const single = file.checkoutFlows.find((flow) => flow.campaignId === 'vogue-demo-single')!;
    const imported = await importCatalogueJson(
      db,
      JSON.stringify({
        ...file,
        checkoutFlows: [...file.checkoutFlows, { ...single, campaignId: 'vogue-taken', urlSlug: 'preview-taken' }],
      }),
    );
    if (!imported.ok) throw new Error(imported.errors.join('\n'));
    catalogue.invalidate();
    const page = await loadJourneyPage(`/vogue/preview-taken?preview=${token}`);
    expect(page.status).toBe(409);
    expect(page.result).toEqual({
      props: expect.objectContaining({ kind: 'refused', status: 409, reason: { id: 'errors.previewOutdated.message' } }),
    });
  });
});
