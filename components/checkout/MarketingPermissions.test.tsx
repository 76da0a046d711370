// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MarketingPermissions, NO_MARKETING } from './MarketingPermissions';

const labels = () => screen.getAllByRole('checkbox').map((box) => box.closest('label')!.textContent);

describe('MarketingPermissions', () => {
  it.each([
    [
      'Vogue',
      [
        'Send me the Vogue newsletter.',
        'Send me offers and news from Vogue by e-mail.',
        'Send me offers from other brands of the Vogue group.',
        'Send me offers from carefully selected partners.',
      ],
    ],
    [
      'The New Yorker',
      [
        'Send me The New Yorker newsletter.',
        'Send me offers and news from The New Yorker by e-mail.',
        'Send me offers from other brands of The New Yorker group.',
        'Send me offers from carefully selected partners.',
      ],
    ],
  ])('words the boxes for %s without doubling "the"', (brandName, expected) => {
    render(<MarketingPermissions brandName={brandName} choices={NO_MARKETING} onChange={() => undefined} />);
    expect(labels()).toEqual(expected);
    expect(document.body.textContent).not.toMatch(/\bthe the\b/i);
  });

  it('starts with every box unticked and reports a ticked box', () => {
    const onChange = vi.fn();
    render(<MarketingPermissions brandName="The New Yorker" choices={NO_MARKETING} onChange={onChange} />);
    for (const box of screen.getAllByRole('checkbox')) expect((box as HTMLInputElement).checked).toBe(false);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Send me The New Yorker newsletter.' }));
    expect(onChange).toHaveBeenCalledWith({ ...NO_MARKETING, newsletter: true });
  });
});
