import { describe, expect, it } from 'vitest';
import type { CatalogueSnapshot } from './CatalogueRepository';
import { campaignLocale } from './campaignLocale';

const catalogue = (flows: { campaignId: string; locale: string }[]) => ({
  get: () => ({ flowsByPath: new Map(flows.map((flow) => [flow.campaignId, flow])) }) as unknown as CatalogueSnapshot,
});

describe('campaignLocale', () => {
  it("is the campaign's locale, and English for a campaign the catalogue no longer has", async () => {
    const server = { catalogue: catalogue([{ campaignId: 'cmp_de', locale: 'de-DE' }]) };
    await expect(campaignLocale(server, 'cmp_de')).resolves.toBe('de-DE');
    await expect(campaignLocale(server, 'cmp_gone')).resolves.toBe('en-US');
  });
});
