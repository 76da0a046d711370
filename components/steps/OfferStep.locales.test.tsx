// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { flowFixture, offerFixture } from '@/tests/fixtures/flows';
import { pageWordsFixture } from '@/tests/fixtures/pageWords';
import { I18nProvider } from '@/components/shell/I18n';
import { OfferStep } from './OfferStep';

vi.mock('next/router', () => ({ useRouter: () => ({ push: vi.fn(async () => true) }) }));

const euros = offerFixture({ name: 'GQ Digital', currencyCode: 'EUR', currency: '€', totalAmount: 5000, discountedAmount: 2500 });

function renderIn(locale: string, pricesIncludeTax: boolean, offer = euros) {
  const flow = flowFixture([offer], { locale, pricesIncludeTax });
  return render(
    <I18nProvider page={pageWordsFixture(locale)}>
      <OfferStep flow={flow} base="/gq/demo-de" search="" />
    </I18nProvider>,
  );
}

describe('the offer page in the campaign’s locale', () => {
  it('speaks German, writes euros the German way and says the price includes VAT', () => {
    renderIn('de-DE', true);
    const card = screen.getByRole('article', { name: 'GQ Digital' });
    expect(within(card).getByTestId('price').textContent).toBe('25,00\u00a0€');
    expect(within(card).getByTestId('price').parentElement?.textContent).toContain('/Jahr');
    expect(within(card).getByTestId('price-terms').textContent).toBe('Erstes Jahr 25\u00a0€, danach 50\u00a0€ pro Jahr, inkl. MwSt.');
    expect(within(card).getByRole('button', { name: 'Abonnieren: GQ Digital' }).textContent).toBe('Abonnieren');
  });

  it('speaks French, and says "TVA incluse" under a price that has no introductory period', () => {
    renderIn('fr-FR', true, { ...euros, discountedAmount: null });
    const card = screen.getByRole('article', { name: 'GQ Digital' });
    expect(within(card).getByTestId('price').textContent).toBe('50,00\u00a0€');
    expect(within(card).getByTestId('price-terms').textContent).toBe('TVA incluse.');
    expect(within(card).getByRole('button', { name: 'S’abonner : GQ Digital' })).toBeTruthy();
  });

  it('writes Canadian dollars as Canadians do, with no VAT line where tax is added', () => {
    renderIn('en-CA', false, { ...euros, currencyCode: 'CAD', currency: '$', discountedAmount: null });
    const card = screen.getByRole('article', { name: 'GQ Digital' });
    expect(within(card).getByTestId('price').textContent).toBe('$50.00');
    expect(within(card).queryByTestId('price-terms')).toBeNull();
  });
});
