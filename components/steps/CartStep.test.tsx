// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { flowFixture } from '@/tests/fixtures/flows';
import { writeCart } from '@/lib/cart/useCart';
import CartStep from './CartStep';

beforeEach(() => window.sessionStorage.clear());

describe('CartStep', () => {
  it('shows the chosen offer and the total', () => {
    writeCart('vogue-demo-single', [{ id: '1001', name: 'Vogue Digital: one year', price: 2500, currencyCode: 'USD', campaignId: 'vogue-demo-single' }]);
    render(<CartStep flow={flowFixture()} base="/vogue/demo-single" search="?source=nl" />);
    const items = screen.getByRole('list', { name: 'Items in your cart' });
    expect(items.textContent).toBe('Vogue Digital: one year$25.00');
    expect(screen.getByText('Total today').parentElement?.textContent).toBe('Total today$25.00');
    expect(screen.getByRole('link', { name: 'Change your subscription' }).getAttribute('href')).toBe('/vogue/demo-single?source=nl');
  });

  it('says when the cart is empty and links back to the offers', () => {
    render(<CartStep flow={flowFixture()} base="/vogue/demo-single" search="" />);
    expect(screen.getByText(/Your cart is empty/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Choose a subscription' }).getAttribute('href')).toBe('/vogue/demo-single');
  });
});
