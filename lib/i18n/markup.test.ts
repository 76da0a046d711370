import { describe, expect, it } from 'vitest';
import { markupParts } from './markup';

describe('markupParts', () => {
  it('cuts a message at its numbered tags, keeping the text around them', () => {
    expect(markupParts('Read the <0>terms</0>, then <1>pay</1>.')).toEqual([
      'Read the ',
      { tag: '0', text: 'terms' },
      ', then ',
      { tag: '1', text: 'pay' },
      '.',
    ]);
    expect(markupParts('<0>Test mode</0>: no real payment is taken.')).toEqual([
      { tag: '0', text: 'Test mode' },
      ': no real payment is taken.',
    ]);
  });

  it('leaves a message without tags whole, and a stray bracket as text', () => {
    expect(markupParts('Plain words')).toEqual(['Plain words']);
    expect(markupParts('1 < 2 and <0>bold')).toEqual(['1 < 2 and <0>bold']);
  });
});
