import { describe, expect, it } from 'vitest';
import { cardPagePath, cardPageReturn, cardPageSubscription, cardPageWithoutSetup } from './cardChange';

const ID = 'sub_aaaaaaaaaaaaaaaa';

describe("the card page's address", () => {
  it('is in the subscription’s mode, and names the subscription it is of', () => {
    expect(cardPagePath(ID, true)).toBe(`/account/subscriptions/${ID}/card`);
    expect(cardPagePath(ID, false)).toBe(`/account/subscriptions/${ID}/card?livemode=false`);
    expect(cardPageSubscription(cardPagePath(ID, false))).toBe(ID);
    expect(cardPageSubscription(cardPagePath(ID, true))).toBe(ID);
  });

  it.each(['/vogue/demo-single/credit-card', `/account/subscriptions/${ID}/cancel`, `/account/subscriptions/${ID}/card/x`, '/'])(
    'is not %s',
    (path) => expect(cardPageSubscription(path)).toBeNull(),
  );

  it("carries the setup back from the bank's page, and loses only it once confirmed", () => {
    const back = cardPageReturn(cardPagePath(ID, false), 'pi_sandbox_abcdefghijklmnopqrst');
    expect(back).toBe(`/account/subscriptions/${ID}/card?livemode=false&card_setup=pi_sandbox_abcdefghijklmnopqrst`);
    expect(cardPageWithoutSetup(back)).toBe(`/account/subscriptions/${ID}/card?livemode=false`);
    expect(cardPageWithoutSetup(cardPageReturn(cardPagePath(ID, true), 'seti_1'))).toBe(`/account/subscriptions/${ID}/card`);
  });
});
