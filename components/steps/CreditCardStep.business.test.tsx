// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  change,
  fillPaymentForm,
  renderPaymentStep,
  SANDBOX_CARD,
  setUpPaymentStepTests,
  submitButton,
} from '@/tests/fixtures/creditCardStep';
import { selectionOf } from '@/tests/fixtures/journeyViews';
import { api } from '@/tests/fixtures/stepTests';

vi.mock('next/router', () => import('@/tests/fixtures/paymentStepRouter'));

setUpPaymentStepTests();

const businessBox = () => screen.getByLabelText('I’m buying for a business');

describe('CreditCardStep: a business buyer', () => {
  it('asks for the company, the VAT number where the country has them, and the billing address', async () => {
    renderPaymentStep([SANDBOX_CARD], { selection: selectionOf('1001') });
    expect(screen.queryByLabelText('Company name')).toBeNull();
    change('Country', 'GB');
    fireEvent.click(businessBox());
    expect(screen.getByLabelText('Company name')).toBeTruthy();
    const vat = screen.getByLabelText('VAT number (optional)');
    expect(vat.hasAttribute('required')).toBe(false);
    expect(screen.getByText('It goes on your invoices. VAT is charged as for any buyer.')).toBeTruthy();
    expect(screen.getByLabelText('Address')).toBeTruthy();
    // Buyers in the US have no VAT number to give: the field goes, the company stays.
    change('Country', 'US');
    expect(screen.queryByLabelText('VAT number (optional)')).toBeNull();
    expect(screen.getByLabelText('Company name')).toBeTruthy();
  });

  it('refuses a VAT number of the wrong shape by the field, then sends the company with the order', async () => {
    renderPaymentStep([SANDBOX_CARD], { selection: selectionOf('1001') });
    await fillPaymentForm('4242 4242 4242 4242');
    fireEvent.click(businessBox());
    change('Company name', 'Fleet Street Press Ltd');
    change('VAT number (optional)', 'GB1234');
    change('Address', '1 Fleet Street');
    change('Post town', 'London');
    change('Postal code', 'EC4Y 1AA');
    fireEvent.click(submitButton());
    await waitFor(() => expect(screen.getByText('Enter a valid VAT number, such as GB123456789.')).toBeTruthy());
    expect(document.activeElement).toBe(screen.getByLabelText('VAT number (optional)'));
    expect(api.callsOf('submit')).toEqual([]);
    change('VAT number (optional)', 'GB 123 4567 89');
    fireEvent.click(submitButton());
    await waitFor(() => expect(api.callsOf('submit')).toHaveLength(1));
    expect(api.callsOf('submit')[0]![0]).toMatchObject({
      billing: {
        country: 'GB',
        company: { name: 'Fleet Street Press Ltd', vatNumber: 'GB 123 4567 89' },
        address: { line1: '1 Fleet Street', city: 'London', postalCode: 'EC4Y 1AA' },
      },
    });
  });
});
