// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CardBrandMarks } from './CardBrandMarks';

const marks = () => within(screen.getByRole('list', { name: 'Cards we accept' })).getAllByRole('listitem');
const faded = () =>
  marks()
    .filter((mark) => mark.className !== '')
    .map((mark) => mark.getAttribute('data-brand'));

describe('CardBrandMarks', () => {
  it('names each brand for screen readers, with none brought forward before a number is typed', () => {
    render(<CardBrandMarks />);
    expect(marks().map((mark) => within(mark).getByRole('img').getAttribute('aria-label'))).toEqual([
      'Visa',
      'Mastercard',
      'American Express',
      'Discover',
    ]);
    expect(faded()).toEqual([]);
    expect(marks().some((mark) => mark.hasAttribute('aria-current'))).toBe(false);
  });

  it('brings forward the brand read from the number and fades the others', () => {
    render(<CardBrandMarks detected="visa" />);
    expect(
      marks()
        .find((mark) => mark.getAttribute('aria-current') === 'true')
        ?.getAttribute('data-brand'),
    ).toBe('visa');
    expect(faded()).toEqual(['mastercard', 'amex', 'discover']);
  });

  it('fades nothing for a number of no brand it knows', () => {
    render(<CardBrandMarks detected="unknown" />);
    expect(faded()).toEqual([]);
  });
});
