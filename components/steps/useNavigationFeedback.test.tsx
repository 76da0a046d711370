// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import Router from 'next/router';
import { describe, expect, it } from 'vitest';
import { PENDING_ATTRIBUTE, useNavigationFeedback } from './useNavigationFeedback';

function Harness() {
  const main = useRef<HTMLElement>(null);
  useNavigationFeedback(main);
  return (
    <main ref={main}>
      <a
        href="/vogue/demo-single/credit-card"
        onClick={(event) => {
          event.preventDefault();
        }}
      >
        Continue to payment
      </a>
      <a href="#terms">Terms</a>
      <button type="button">Subscribe: Digital</button>
    </main>
  );
}

describe('useNavigationFeedback', () => {
  it('marks a tapped link to another page busy at once, until the move completes', () => {
    render(<Harness />);
    const link = screen.getByRole('link', { name: 'Continue to payment' });
    fireEvent.click(link);
    expect(link.getAttribute('aria-busy')).toBe('true');
    expect(link.hasAttribute(PENDING_ATTRIBUTE)).toBe(true);
    Router.events.emit('routeChangeComplete', '/vogue/demo-single/credit-card', { shallow: false });
    expect(link.hasAttribute('aria-busy')).toBe(false);
  });

  it('leaves an in-page link alone', () => {
    render(<Harness />);
    const link = screen.getByRole('link', { name: 'Terms' });
    fireEvent.click(link);
    expect(link.hasAttribute('aria-busy')).toBe(false);
  });

  it('marks a button busy once the move it started begins, and clears it if the move fails', () => {
    render(<Harness />);
    const button = screen.getByRole('button', { name: /^Subscribe/ });
    fireEvent.click(button);
    expect(button.hasAttribute('aria-busy')).toBe(false);
    Router.events.emit('routeChangeStart', '/vogue/demo-single/cart', { shallow: false });
    expect(button.getAttribute('aria-busy')).toBe('true');
    Router.events.emit('routeChangeError', new Error('cancelled'), '/vogue/demo-single/cart', { shallow: false });
    expect(button.hasAttribute('aria-busy')).toBe(false);
  });
});
