import { describe, expect, it } from 'vitest';
import { CARD_MOVE_TEXT, HISTORY_TEXT, STATUS_TEXT } from './accountWords';

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

  it('never say a status word when a card moves between the running list and the fold', () => {
    // The card and the fold are named as they are labelled; the words around them are the catalogue's own.
    const lines = [
      CARD_MOVE_TEXT.announced.ended('CARD', 'FOLD'),
      CARD_MOVE_TEXT.announced.live('CARD'),
      CARD_MOVE_TEXT.shown.ended,
      CARD_MOVE_TEXT.shown.live,
    ];
    for (const status of Object.values(STATUS_TEXT)) {
      for (const line of lines) expect(line.toLowerCase(), `${line} says “${status}”`).not.toContain(status.toLowerCase());
    }
  });
});
