import { describe, expect, it } from 'vitest';
import { ANALYTICS_SCHEMAS, analyticsSchemaName, analyticsSchemaUri } from './schemaRegistry';

describe('analytics schema registry', () => {
  it.each(Object.entries(ANALYTICS_SCHEMAS))('resolves %s both ways', (name, uri) => {
    expect(analyticsSchemaUri(name)).toBe(uri);
    expect(analyticsSchemaName(uri)).toBe(name);
    expect(uri).toMatch(/^iglu:com\.condenast\/[a-z_]+\/jsonschema\/\d+-\d+-\d+$/);
  });

  it.each(['checkout_unknown', '', 'toString', '__proto__'])('throws for the unknown schema name %j (SPEC §8)', (name) => {
    expect(() => analyticsSchemaUri(name)).toThrow(/Unknown analytics schema/);
  });

  it('recognises no other URI', () => {
    expect(analyticsSchemaName('iglu:com.condenast/checkout_waypoint/jsonschema/9-9-9')).toBeNull();
  });
});
