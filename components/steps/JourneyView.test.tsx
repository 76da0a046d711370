// @vitest-environment jsdom
import { act, render } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { visit } from '@/tests/fixtures/cartCookieJar';
import { orderViewFor, selectionOf, stepPage } from '@/tests/fixtures/journeyViews';
import { api, setUpStepTests, snapshot } from '@/tests/fixtures/stepTests';
import { writeCartCookie } from '@/lib/cart/cartCookie';
import type { JourneyPageProps } from '@/lib/journey/viewModels';
import { ApiClientProvider } from '@/components/shell/ApiClientProvider';
import { loadStepCode, resetStepCode } from './stepCode';
import { JourneyView } from './JourneyView';

setUpStepTests();
beforeEach(() => {
  resetStepCode();
  document.title = '';
});

const PATH = 'newyorker/demo-dual';

/** The pages of one visit: the cart the server rendered, then the steps reached from it on the client. */
function pages() {
  const selection = selectionOf('2001');
  visit(`/${PATH}/cart`);
  writeCartCookie('newyorker-demo-dual', selection);
  const order = orderViewFor(snapshot, PATH, selection);
  return {
    cart: stepPage(snapshot, PATH, 'cart', { order, notice: null, paidOrder: false, alreadySubscribed: false }),
    promo: stepPage(snapshot, PATH, 'promo-code', { order, notice: null, paidOrder: false }),
  };
}

const view = (page: JourneyPageProps) => (
  <ApiClientProvider client={api}>
    <JourneyView {...page} />
  </ApiClientProvider>
);

describe('JourneyView', () => {
  it('names the tab after the step it renders, at once, before that step’s own code is here', () => {
    render(view(pages().cart));
    expect(document.title).toBe('Your cart | The New Yorker');
  });

  it('renames the tab on each client-side move between steps, and back', async () => {
    const { cart, promo } = pages();
    const { rerender } = render(view(cart));
    await act(async () => loadStepCode('promo-code'));
    rerender(view(promo));
    expect(document.title).toBe('Promo code | The New Yorker');
    await act(async () => loadStepCode('cart'));
    rerender(view(cart));
    expect(document.title).toBe('Your cart | The New Yorker');
  });
});
