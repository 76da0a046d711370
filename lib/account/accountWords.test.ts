import { describe, expect, it } from 'vitest';
import { HISTORY_TEXT, STATUS_TEXT } from './accountWords';

/** Every History line, its dates and amounts filled in. */
const historyLines = Object.values(HISTORY_TEXT).map((text) =>
  typeof text === 'function' ? (text as (...args: unknown[]) => string)('December 2, 2026', 'January 1, 2027') : text,
);

describe('the account’s words', () => {
  it('never say a status word in a History line, so the card says its status once', () => {
    for (const status of Object.values(STATUS_TEXT)) {
      for (const line of historyLines) expect(line.toLowerCase(), `${line} says “${status}”`).not.toContain(status.toLowerCase());
    }
  });
});
