// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { offerFixture } from '@/tests/fixtures/flows';
import type { Offer } from '@/lib/catalogue/types';
import { OfferCard } from './OfferCard';

function card(offer: Offer, imageLoading?: 'eager' | 'lazy') {
  render(
    <OfferCard
      offer={offer}
      featured={false}
      busy={false}
      disabled={false}
      onChoose={vi.fn()}
      campaignId="vogue-demo-single"
      imageLoading={imageLoading}
    />,
  );
  return screen.getByRole('article', { name: offer.name });
}

const image = { src: '/offer-images/vogue-digital.svg', alt: 'Vogue on a tablet and a phone', width: 320, height: 180 };

describe('OfferCard', () => {
  it('shows the saving badge and the image with its size, so nothing shifts while it loads', () => {
    const article = card(offerFixture({ savingBadge: 'Half price for your first year', image }));
    expect(within(article).getByTestId('saving-badge').textContent).toBe('Half price for your first year');
    const picture = within(article).getByRole('img', { name: 'Vogue on a tablet and a phone' });
    expect(picture.getAttribute('src')).toBe('/offer-images/vogue-digital.svg');
    expect(picture.getAttribute('width')).toBe('320');
    expect(picture.getAttribute('height')).toBe('180');
    expect(picture.getAttribute('loading')).toBe('lazy');
  });

  it('loads the image at once when asked (the first card, in view on arrival)', () => {
    const article = card(offerFixture({ image }), 'eager');
    expect(within(article).getByRole('img').getAttribute('loading')).toBe('eager');
  });

  it('shows neither badge nor image when the catalogue gives none', () => {
    const article = card(offerFixture());
    expect(within(article).queryByTestId('saving-badge')).toBeNull();
    expect(within(article).queryByRole('img')).toBeNull();
  });

  it('states the introductory price against its own renewal price, with no struck-through "was" price', () => {
    const article = card(offerFixture({ totalAmount: 5000, discountedAmount: 2500 }));
    expect(within(article).getByTestId('price-terms').textContent).toBe('First year $25, then $50 a year.');
    expect(article.querySelector('s')).toBeNull();
  });

  it('says a monthly introductory price by the month', () => {
    const article = card(offerFixture({ billingInterval: 'month', totalAmount: 1000, discountedAmount: 100 }));
    expect(within(article).getByTestId('price-terms').textContent).toBe('First month $1, then $10 a month.');
  });

  it("states a trial's length and later price", () => {
    const article = card(offerFixture({ trialOffer: true, trialDays: 30, totalAmount: 5000, discountedAmount: null }));
    expect(within(article).getByTestId('price-terms').textContent).toBe('Free for 30 days, then $50 a year.');
  });

  it('adds no terms line to an offer without an introductory price: its price says it all', () => {
    const article = card(offerFixture({ totalAmount: 4000, discountedAmount: null }));
    expect(within(article).queryByTestId('price-terms')).toBeNull();
    expect(within(article).getByTestId('price').textContent).toBe('$40.00');
  });

  it("does not repeat a print offer's title in its eyebrow", () => {
    const article = card(offerFixture({ id: '2002', name: 'Print + Digital', isPrintOffer: true }));
    expect(within(article).getAllByText('Print + Digital')).toHaveLength(1);
    expect(within(article).getByText('Includes home delivery of the print edition.')).toBeTruthy();
  });

  it('marks a print offer whose name does not say so', () => {
    const article = card(offerFixture({ id: '2003', name: 'All Access', isPrintOffer: true }));
    expect(within(article).getByText('Print + Digital', { selector: 'p' })).toBeTruthy();
  });
});
