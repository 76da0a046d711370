import { describe, expect, it } from 'vitest';
import { regionsOf } from './regions';
import { loadSubdivisions, subdivisionsOf } from './subdivisions';
import { SUBDIVISION_CHUNKS } from './subdivisionChunks';

describe('subdivisionsOf', () => {
  it('gives the US states and Canadian provinces the tax tables know, in the reader’s language', () => {
    expect(subdivisionsOf('US', 'fr')).toBe(regionsOf('US', 'fr'));
    expect(subdivisionsOf('CA')!.map((region) => region.code)).toContain('QC');
  });

  it('gives no list where the country’s addresses name no region', () => {
    expect(subdivisionsOf('DE')).toEqual([]);
    expect(subdivisionsOf('GB')).toEqual([]);
  });

  it('gives another country’s list from Google’s data once loaded', async () => {
    await loadSubdivisions('IT');
    expect(subdivisionsOf('IT')).toContainEqual({ code: 'MI', name: 'Milano' });
    expect(subdivisionsOf('IT')).toHaveLength(110);
  });

  it('keeps to states and provinces that Google’s data names too', async () => {
    for (const country of ['US', 'CA']) {
      const google = (await SUBDIVISION_CHUNKS[country]!()).default.map((region) => region.code);
      for (const region of regionsOf(country)) expect(google, `${country}-${region.code}`).toContain(region.code);
    }
  });
});
