// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SandboxAuthentication } from './SandboxAuthentication';

const props = { paymentId: 'sbx_pi_test', amount: 2500, currencyCode: 'USD' as const, cardLast4: '3220', pending: true, cardChange: false };

/** The page's own stylesheet, so that what CSS does to the text is seen too. */
function withStylesheet() {
  const style = document.createElement('style');
  style.textContent = readFileSync(path.join(__dirname, 'SandboxAuthentication.module.css'), 'utf8');
  document.head.append(style);
  return style;
}
afterEach(() => document.head.querySelectorAll('style').forEach((style) => style.remove()));

const cardLine = () => screen.getByText('Card').nextElementSibling as HTMLElement;

describe('SandboxAuthentication', () => {
  it.each([
    ['visa', 'Visa ending in 3220'],
    ['mastercard', 'Mastercard ending in 3220'],
    ['amex', 'American Express ending in 3220'],
    ['unknown', 'Card ending in 3220'],
  ])('names a %s card as people write it: %j', (cardBrand, expected) => {
    withStylesheet();
    render(<SandboxAuthentication {...props} cardBrand={cardBrand} />);
    const line = cardLine();
    expect(line.textContent).toBe(expected);
    // "ending in" stays lower case on screen: no capitalising of every word.
    expect(getComputedStyle(line).textTransform).not.toBe('capitalize');
  });

  it('shows the amount and both answers while the payment waits', () => {
    render(<SandboxAuthentication {...props} cardBrand="visa" />);
    expect(screen.getByText('$25.00')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Complete authentication' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Fail authentication' })).toBeTruthy();
  });

  it('asks to confirm a card, not a payment, for a card kept for a subscription: no amount, nothing charged', () => {
    render(<SandboxAuthentication {...props} cardBrand="visa" amount={0} cardChange />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Confirm your card');
    expect(screen.queryByText('Amount')).toBeNull();
    expect(screen.getByText(/nothing is charged/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Complete authentication' })).toBeTruthy();
  });
});
