import { describe, expect, it } from 'vitest';
import { parseObservedSchema, schemaDrift, type ExpectedEventSchemas, type SchemaObservation } from './schemaDrift';

/** Expected schemas, plain (the `|absent` marking of optional properties has its own test below). */
const expected: ExpectedEventSchemas = {
  waypoint: {
    campaignId: 'string',
    currentPage: 'string',
    depth: 'number',
    promoCode: 'string',
    segment: 'string',
    timestamp: 'number',
    waypointId: 'string',
  },
  'add-to-cart': { campaignId: 'string', 'item.id': 'string', 'item.price': 'number', source: 'string|null', timestamp: 'number' },
};

const waypointSchema = { campaignId: 'string', currentPage: 'string', depth: 'number', timestamp: 'number', waypointId: 'string' };
const offerPageSchema = { ...waypointSchema, segment: 'string' };
const promoCodeSchema = { ...waypointSchema, promoCode: 'string' };
const addToCartSchema = { campaignId: 'string', 'item.id': 'string', 'item.price': 'number', source: 'string', timestamp: 'number' };
const withoutPrice = { campaignId: 'string', 'item.id': 'string', source: 'string', timestamp: 'number' };

const seen = { firstSeen: '2025-03-01T10:00:00.000Z', lastSeen: '2025-03-02T10:00:00.000Z', count: 4 };

function observed(eventName: string, schema: Record<string, string>, when: Partial<typeof seen> = {}): SchemaObservation {
  return { eventName, schema, ...seen, ...when };
}

describe('schemaDrift', () => {
  it.each<{ name: string; observations: SchemaObservation[]; drift: unknown[] }>([
    { name: 'nothing for no observations', observations: [], drift: [] },
    {
      name: 'nothing when the shapes are as expected, optional properties seen in some of them',
      observations: [observed('waypoint', waypointSchema), observed('waypoint', offerPageSchema), observed('waypoint', promoCodeSchema)],
      drift: [],
    },
    {
      name: 'nothing for a null where null is allowed',
      observations: [observed('add-to-cart', { ...addToCartSchema, source: 'null' })],
      drift: [],
    },
    {
      name: 'an event the catalogue does not know',
      observations: [observed('checkout-started', { campaignId: 'string' })],
      drift: [{ eventName: 'checkout-started', kind: 'unknown-event', property: null, expectedType: null, observedType: null, ...seen }],
    },
    {
      name: 'a property the catalogue does not know',
      observations: [observed('waypoint', { ...offerPageSchema, promoCode: 'string', 'utm.medium': 'string' })],
      drift: [
        { eventName: 'waypoint', kind: 'unexpected-property', property: 'utm.medium', expectedType: null, observedType: 'string', ...seen },
      ],
    },
    {
      name: 'a property none of the shapes had',
      observations: [observed('add-to-cart', withoutPrice), observed('add-to-cart', { ...withoutPrice, source: 'null' }, { count: 1 })],
      drift: [
        {
          eventName: 'add-to-cart',
          kind: 'missing-property',
          property: 'item.price',
          expectedType: 'number',
          observedType: null,
          ...seen,
          count: 5,
        },
      ],
    },
    {
      name: 'a property of another type',
      observations: [observed('waypoint', { ...offerPageSchema, promoCode: 'string', depth: 'string' })],
      drift: [{ eventName: 'waypoint', kind: 'type-changed', property: 'depth', expectedType: 'number', observedType: 'string', ...seen }],
    },
    {
      name: 'a null where the catalogue allows none',
      observations: [observed('add-to-cart', { ...addToCartSchema, campaignId: 'null' })],
      drift: [
        { eventName: 'add-to-cart', kind: 'type-changed', property: 'campaignId', expectedType: 'string', observedType: 'null', ...seen },
      ],
    },
    {
      name: 'an object sent whole where the catalogue expects its properties',
      observations: [observed('add-to-cart', { campaignId: 'string', item: 'object', source: 'null', timestamp: 'number' })],
      drift: [
        { eventName: 'add-to-cart', kind: 'unexpected-property', property: 'item', expectedType: null, observedType: 'object', ...seen },
        { eventName: 'add-to-cart', kind: 'missing-property', property: 'item.id', expectedType: 'string', observedType: null, ...seen },
        { eventName: 'add-to-cart', kind: 'missing-property', property: 'item.price', expectedType: 'number', observedType: null, ...seen },
      ],
    },
  ])('reports $name', ({ observations, drift }) => {
    expect(schemaDrift(observations, expected)).toEqual(drift);
  });

  it('lists the differences of an event by kind, then property', () => {
    const observation = observed('waypoint', {
      campaignId: 'number',
      depth: 'number',
      extra: 'boolean',
      another: 'string',
      segment: 'string',
      promoCode: 'string',
      waypointId: 'string',
    });
    expect(schemaDrift([observation], expected).map((d) => [d.kind, d.property])).toEqual([
      ['unexpected-property', 'another'],
      ['unexpected-property', 'extra'],
      ['missing-property', 'currentPage'],
      ['missing-property', 'timestamp'],
      ['type-changed', 'campaignId'],
    ]);
  });

  it('merges the same difference seen in several shapes: widest period, summed count', () => {
    const drift = schemaDrift(
      [
        observed(
          'waypoint',
          { ...offerPageSchema, extra: 'string' },
          { firstSeen: '2025-03-05T00:00:00.000Z', lastSeen: '2025-03-06T00:00:00.000Z', count: 2 },
        ),
        observed(
          'waypoint',
          { ...promoCodeSchema, extra: 'string' },
          { firstSeen: '2025-03-01T00:00:00.000Z', lastSeen: '2025-03-03T00:00:00.000Z', count: 5 },
        ),
        observed(
          'waypoint',
          { ...waypointSchema, extra: 'number' },
          { firstSeen: '2025-03-04T00:00:00.000Z', lastSeen: '2025-03-09T00:00:00.000Z', count: 1 },
        ),
        observed('mystery', {}, { firstSeen: '2025-03-02T00:00:00.000Z', count: 3 }),
        observed('mystery', { a: 'string' }, { lastSeen: '2025-03-08T00:00:00.000Z', count: 4 }),
      ],
      expected,
    );
    expect(drift).toEqual([
      {
        eventName: 'mystery',
        kind: 'unknown-event',
        property: null,
        expectedType: null,
        observedType: null,
        firstSeen: '2025-03-01T10:00:00.000Z',
        lastSeen: '2025-03-08T00:00:00.000Z',
        count: 7,
      },
      {
        eventName: 'waypoint',
        kind: 'unexpected-property',
        property: 'extra',
        expectedType: null,
        observedType: 'number',
        firstSeen: '2025-03-04T00:00:00.000Z',
        lastSeen: '2025-03-09T00:00:00.000Z',
        count: 1,
      },
      {
        eventName: 'waypoint',
        kind: 'unexpected-property',
        property: 'extra',
        expectedType: null,
        observedType: 'string',
        firstSeen: '2025-03-01T00:00:00.000Z',
        lastSeen: '2025-03-06T00:00:00.000Z',
        count: 7,
      },
    ]);
  });

  it('does not take names of Object.prototype for expected events or properties', () => {
    expect(schemaDrift([observed('constructor', {})], expected).map((d) => d.kind)).toEqual(['unknown-event']);
    expect(
      schemaDrift([observed('waypoint', { ...offerPageSchema, promoCode: 'string', toString: 'string' })], expected).map((d) => [
        d.kind,
        d.property,
      ]),
    ).toEqual([['unexpected-property', 'toString']]);
  });
});

describe('parseObservedSchema', () => {
  it.each([
    ['{"a":"string","b.c":"number"}', { a: 'string', 'b.c': 'number' }],
    ['{}', {}],
    ['not json', null],
    ['[]', null],
    ['"string"', null],
    ['null', null],
    ['{"a":1}', null],
  ])('reads %s', (json, schema) => {
    expect(parseObservedSchema(json)).toEqual(schema);
  });
});

describe('schemaDrift and properties that may be absent', () => {
  it('never reports a property marked |absent as missing, but still checks its type when sent', () => {
    const expected = { waypoint: { waypointId: 'string', promoCode: 'string|absent' } };
    const seen = (schema: Record<string, string>) => ({
      eventName: 'waypoint',
      schema,
      firstSeen: '2026-11-21T00:00:00.000Z',
      lastSeen: '2026-11-21T00:00:00.000Z',
      count: 1,
    });
    expect(schemaDrift([seen({ waypointId: 'string' })], expected)).toEqual([]);
    expect(
      schemaDrift([seen({ waypointId: 'string', promoCode: 'number' })], expected).map((entry) => [entry.kind, entry.property]),
    ).toEqual([['type-changed', 'promoCode']]);
  });
});
