import { describe, expect, it } from 'vitest';
import { operatorFetch } from '@/tests/fixtures/operatorRequests';
import { appDb, origin, serveRoutesWithServerContext } from '@/tests/fixtures/routeServerContext';
import { signedInOperator } from '@/tests/fixtures/operatorSessions';
import { importCatalogueJson } from '@/lib/server/catalogue/importCatalogue';
import { readDemoCatalogue } from '@/lib/server/catalogue/demoCatalogue';
import { CatalogueRepository } from '@/lib/server/catalogue/CatalogueRepository';
import { CampaignVersions } from './CampaignVersions';

/** A brand's reading URL set from the studio, through Next's own API resolver, on the demo catalogue. */
await serveRoutesWithServerContext(
  { PAYMENTS_SANDBOX: '1' },
  [[/^\/api\/operator\/brands\/(?<brandSlug>[^/]+)\/reading-url$/, () => import('@/pages/api/operator/brands/[brandSlug]/reading-url')]],
  async () => {
    const imported = await importCatalogueJson(await appDb(), readDemoCatalogue());
    if (!imported.ok) throw new Error(imported.errors.join('\n'));
  },
);

const post = (brand: string, body: unknown, cookie: string) =>
  operatorFetch(origin, 'POST', `/api/operator/brands/${brand}/reading-url`, { body, cookie });
const readingUrlOf = async (brand: string) =>
  (await new CatalogueRepository(await appDb()).exportAll()).brands.find((candidate) => candidate.slug === brand)?.readingUrl;
const auditRows = async () =>
  (await appDb()).selectFrom('audit_log').selectAll().where('action', '=', 'brand.reading_url_changed').orderBy('seq').execute();

describe('POST /api/operator/brands/{brand}/reading-url', () => {
  it("writes the brand's reading URL into the catalogue at once, audited, and records no campaign version", async () => {
    const { cookie } = await signedInOperator(await appDb(), 'marketer');
    const versionsBefore = await (await appDb()).selectFrom('campaign_versions').select('version').execute();
    const answer = await post('vogue', { readingUrl: 'https://www.vogue.com/read' }, cookie);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ brand: 'vogue', readingUrl: 'https://www.vogue.com/read', changed: true });
    expect(await readingUrlOf('vogue')).toBe('https://www.vogue.com/read');
    const [entry] = (await auditRows()).slice(-1);
    expect(JSON.parse(entry!.before_json!)).toEqual({ readingUrl: 'https://www.vogue.com/' });
    expect(JSON.parse(entry!.after_json!)).toEqual({ readingUrl: 'https://www.vogue.com/read' });
    // The brand's, not a campaign's: no campaign gets a version for it, no draft is buried.
    expect(await (await appDb()).selectFrom('campaign_versions').select('version').execute()).toHaveLength(versionsBefore.length);
    expect(await new CampaignVersions(await appDb()).newestDrafts()).toEqual([]);

    // The same again changes nothing and writes nothing; null takes the link away.
    const audited = (await auditRows()).length;
    expect(await (await post('vogue', { readingUrl: 'https://www.vogue.com/read' }, cookie)).json()).toMatchObject({ changed: false });
    expect(await auditRows()).toHaveLength(audited);
    expect(await (await post('vogue', { readingUrl: null }, cookie)).json()).toMatchObject({ readingUrl: null, changed: true });
    expect(await readingUrlOf('vogue')).toBeNull();
  });

  it('refuses an address that is not absolute https, an unknown brand and a role without the studio, writing nothing', async () => {
    const { cookie } = await signedInOperator(await appDb(), 'marketer');
    const before = await readingUrlOf('wired');
    const audited = (await auditRows()).length;
    for (const readingUrl of ['http://www.wired.com/', 'javascript:alert(1)', '/wired', 'https://user:pw@wired.com/', 42]) {
      const refused = await post('wired', { readingUrl }, cookie);
      expect(refused.status, String(readingUrl)).toBe(400);
      expect(((await refused.json()) as { error: { details: string[] } }).error.details[0]).toMatch(/^readingUrl: /);
    }
    expect((await post('no-such-brand', { readingUrl: null }, cookie)).status).toBe(404);
    expect((await post('Bad Brand', { readingUrl: null }, cookie)).status).toBe(400);
    expect((await post('wired', { readingUrl: null, extra: 1 }, cookie)).status).toBe(400);
    const care = await signedInOperator(await appDb(), 'care');
    expect((await post('wired', { readingUrl: null }, care.cookie)).status).toBe(403);
    expect(await readingUrlOf('wired')).toBe(before);
    expect(await auditRows()).toHaveLength(audited);
  });
});
