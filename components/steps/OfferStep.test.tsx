// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { flowFixture, offerFixture } from '@/tests/fixtures/flows';
import { clearCartCookies, storedSelection, visit } from '@/tests/fixtures/cartCookieJar';
import { chooseOffer } from '@/lib/cart/cartSelection';
import { writeCartCookie } from '@/lib/cart/cartCookie';
import { OfferStep } from './OfferStep';
import type { JourneyEvent } from '@/lib/tracking/events';
import { onTrack } from '@/lib/tracking/track';

const push = vi.fn(async (_url: string) => true);
vi.mock('next/router', () => ({ useRouter: () => ({ push }) }));

beforeEach(() => {
  push.mockClear();
  window.sessionStorage.clear();
  clearCartCookies('/newyorker/demo-dual', '/vogue/demo-single');
});

const digital = offerFixture({ id: '2001', name: 'Digital', description: 'Digital: one year', totalAmount: 15000, discountedAmount: 9900 });
const print = offerFixture({
  id: '2002',
  name: 'Print + Digital',
  description: 'Print: one year',
  totalAmount: 20000,
  discountedAmount: 14900,
  isPrintOffer: true,
});

describe('OfferStep', () => {
  it('renders the single-offer template with name, price today and what it renews at, no "was" price', () => {
    const { container } = render(<OfferStep flow={flowFixture()} base="/vogue/demo-single" search="" />);
    expect(container.querySelector('[data-template]')?.getAttribute('data-template')).toBe('single-offer-v1');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Subscribe to Vogue');
    const card = screen.getByRole('article', { name: 'Vogue Digital' });
    expect(within(card).getByTestId('price').textContent).toBe('$25.00');
    expect(card.querySelector('s')).toBeNull();
    // An introductory price says what the offer renews at.
    expect(within(card).getByText('First year $25, then $50 a year.')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Subscribe: Vogue Digital' })).toBeTruthy();
  });

  it('renders the dual-offer template with both plans and marks the print offer', () => {
    const { container } = render(<OfferStep flow={flowFixture([digital, print])} base="/newyorker/demo-dual" search="" />);
    expect(container.querySelector('[data-template]')?.getAttribute('data-template')).toBe('dual-offer-v2');
    const cards = screen.getAllByRole('article');
    expect(cards.map((c) => c.getAttribute('data-offer-id'))).toEqual(['2001', '2002']);
    // Its name says print already: no eyebrow repeats it.
    expect(within(cards[1]!).queryByText('Print + Digital', { selector: 'p' })).toBeNull();
    expect(within(cards[1]!).getByText('Includes home delivery of the print edition.')).toBeTruthy();
    expect(within(cards[0]!).queryByText('Includes home delivery of the print edition.')).toBeNull();
  });

  it('shows a trial at 0 today with its terms and a trial button', () => {
    const trial = offerFixture({
      id: '3001',
      name: 'WIRED Free Trial',
      totalAmount: 2999,
      discountedAmount: null,
      trialOffer: true,
      trialDays: 30,
    });
    render(<OfferStep flow={flowFixture([trial])} base="/wired/demo-trial" search="" />);
    expect(screen.getByTestId('price').textContent).toBe('$0.00');
    expect(screen.getByText('Free for 30 days, then $29.99 a year.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Start free trial: WIRED Free Trial' })).toBeTruthy();
  });

  it('shows pounds for a GBP offer', () => {
    const gbp = offerFixture({ currencyCode: 'GBP', currency: '£', totalAmount: 3999, discountedAmount: 1999 });
    render(<OfferStep flow={flowFixture([gbp])} base="/gq/demo-gbp" search="" />);
    expect(screen.getByTestId('price').textContent).toBe('£19.99');
    expect(screen.getByText('First year £19.99, then £39.99 a year.')).toBeTruthy();
  });

  it('empties the cart, adds the chosen offer, and goes to the cart keeping the query', async () => {
    visit('/newyorker/demo-dual');
    writeCartCookie('newyorker-demo-dual', { offerId: '2001', addOnIds: ['2102'], promoCode: 'SAVE20', country: 'US', region: 'NY' });
    render(
      <OfferStep
        flow={flowFixture([digital, print], { campaignId: 'newyorker-demo-dual' })}
        base="/newyorker/demo-dual"
        search="?source=nl&livemode=false"
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe: Print + Digital' }));
    // The move starts once the tap's busy button has painted.
    expect(push).not.toHaveBeenCalled();
    await waitFor(() => expect(push).toHaveBeenCalledTimes(1));
    // The pj_cart cookie now holds the chosen offer alone: no add-on, promo code or location is carried over.
    expect(storedSelection()).toEqual({ offerId: '2002', addOnIds: [], promoCode: null, country: null, region: null });
    expect(storedSelection()).toEqual(chooseOffer('2002'));
    expect(push).toHaveBeenCalledWith('/newyorker/demo-dual/cart?source=nl&livemode=false');
  });

  it("writes the campaign's own cart cookie, seen on every path (moving to a step fetches its data from /_next/data)", async () => {
    visit('/newyorker/demo-dual');
    const flow = flowFixture([digital, print], { campaignId: 'newyorker-demo-dual' });
    render(<OfferStep flow={flow} base="/newyorker/demo-dual" search="" />);
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe: Digital' }));
    await waitFor(() => expect(push).toHaveBeenCalledTimes(1));
    visit('/_next/data/build-id/newyorker/demo-dual/cart.json');
    expect(storedSelection('newyorker-demo-dual')).toEqual(chooseOffer('2001'));
    expect(storedSelection('vogue-demo-single')).toBeNull();
  });

  it('disables every button and shows the submission loader while moving to the cart', async () => {
    push.mockImplementationOnce(() => new Promise(() => undefined));
    render(<OfferStep flow={flowFixture([digital, print])} base="/newyorker/demo-dual" search="" />);
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe: Digital' }));
    const buttons = screen.getAllByRole('button');
    expect(buttons.every((b) => (b as HTMLButtonElement).disabled)).toBe(true);
    expect(buttons[0]!.getAttribute('aria-busy')).toBe('true');
    expect(within(buttons[0]!).getByRole('status').getAttribute('data-loader')).toBe('submission-processing');
    await waitFor(() => expect(push).toHaveBeenCalledTimes(1));
    expect(buttons.every((b) => (b as HTMLButtonElement).disabled)).toBe(true);
  });

  it('emits the offer page load (segment mtu.v) once, then add to cart on a choice; the button carries the subscription intent', async () => {
    const events: JourneyEvent[] = [];
    const off = onTrack((event) => events.push(event));
    const { rerender } = render(<OfferStep flow={flowFixture([digital, print])} base="/newyorker/demo-dual" search="" />);
    rerender(<OfferStep flow={flowFixture([digital, print])} base="/newyorker/demo-dual" search="" />);
    const button = screen.getByRole('button', { name: 'Subscribe: Digital' });
    expect(JSON.parse(button.getAttribute('data-martech-actions')!)).toEqual([
      {
        type: 'funnel',
        trigger: 'hover',
        event: {
          _topic: 'waypoint.journey',
          action: 'hover',
          el: 'subscribe',
          position: 'offer-2001',
          campaignId: flowFixture().campaignId,
        },
      },
      {
        type: 'funnel',
        trigger: 'click',
        event: {
          _topic: 'waypoint.journey',
          action: 'click',
          el: 'subscribe',
          position: 'offer-2001',
          campaignId: flowFixture().campaignId,
        },
      },
    ]);
    fireEvent.click(button);
    await waitFor(() => expect(push).toHaveBeenCalledTimes(1));
    off();
    expect(events.map((event) => event.name)).toEqual(['waypoint', 'add-to-cart']);
    expect(events[0]!.payload).toMatchObject({ waypointId: 'campaign', depth: 100, segment: 'mtu.v' });
    expect(events[1]!.payload).toMatchObject({
      item: { id: '2001', name: 'Digital: one year', price: 9900, currency: '$', currencyCode: 'USD' },
      source: null,
    });
  });
});
