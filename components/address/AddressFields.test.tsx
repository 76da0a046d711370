// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AddressFields } from './AddressFields';

type F = 'line1' | 'city' | 'region' | 'postalCode';
const FIELDS = { line1: 'line1', city: 'city', region: 'region', postalCode: 'postalCode' } as const;
const empty = { line1: '', city: '', region: '', postalCode: '' };

function fields(country: string, qualified = false) {
  render(
    <AddressFields<F>
      country={country}
      place="delivery"
      qualified={qualified}
      idPrefix="t"
      fields={FIELDS}
      values={empty}
      errors={{}}
      onChange={() => {}}
    />,
  );
  return [...document.querySelectorAll('label')].map((label) => label.textContent);
}

describe('AddressFields', () => {
  it('asks in the order an Italian envelope writes, the province from its list', async () => {
    expect(fields('IT')).toEqual(['Address', 'Postal code', 'City', 'Province']);
    const province = screen.getByLabelText('Province') as HTMLSelectElement;
    expect(province.required).toBe(true);
    expect(province.getAttribute('autocomplete')).toBe('shipping address-level1');
    expect(await screen.findByRole('option', { name: 'Roma' })).toBeTruthy();
  });

  it('names the Irish parts as Ireland does, the optional ones marked', () => {
    expect(fields('IE', true)).toEqual([
      'Delivery street address',
      'Delivery town or city',
      'Delivery county (optional)',
      'Delivery Eircode (optional)',
    ]);
  });

  it('asks for a US ZIP code, and for no city in the Emirates', () => {
    expect(fields('US')).toEqual(['Address', 'City', 'State', 'ZIP code']);
    document.body.innerHTML = '';
    expect(fields('AE')).toEqual(['Address', 'Emirate']);
  });

  it('leaves out the region asked for elsewhere', () => {
    render(
      <AddressFields<F>
        country="US"
        place="billing"
        idPrefix="b"
        fields={{ ...FIELDS, region: null }}
        values={empty}
        errors={{ postalCode: 'Enter a valid ZIP code, such as 95014.' }}
        onChange={() => {}}
      />,
    );
    expect([...document.querySelectorAll('label')].map((label) => label.textContent)).toEqual(['Address', 'City', 'ZIP code']);
    expect(screen.getByLabelText('ZIP code').getAttribute('aria-invalid')).toBe('true');
    expect((screen.getByLabelText('ZIP code') as HTMLInputElement).autocomplete).toBe('postal-code');
  });
});
