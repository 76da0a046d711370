import { describe, expect, it } from 'vitest';
import { checkedValues } from './checkedValues';

describe('checkedValues', () => {
  it("reads a list from SQLite's table SQL, quoted or not", () => {
    const table = `CREATE TABLE "refunds" ("id" text primary key, "status" text not null, check ("status" in ('pending', 'succeeded', 'failed')), check (kind in ('a','it''s')))`;
    expect(checkedValues(table)).toEqual(
      new Map([
        ['status', ['failed', 'pending', 'succeeded']],
        ['kind', ['a', "it's"]],
      ]),
    );
  });

  it('reads a list as PostgreSQL prints it back', () => {
    expect(checkedValues(`CHECK ((status = ANY (ARRAY['pending'::text, 'succeeded'::text, 'failed'::text])))`)).toEqual(
      new Map([['status', ['failed', 'pending', 'succeeded']]]),
    );
  });

  it('reads a list of one value as PostgreSQL prints it back', () => {
    expect(checkedValues(`CHECK ((channel = 'account'::text))`)).toEqual(new Map([['channel', ['account']]]));
  });

  it('reads nothing from a condition that lists no values', () => {
    expect(checkedValues(`CHECK ((amount_minor > 0))`)).toEqual(new Map());
  });
});
