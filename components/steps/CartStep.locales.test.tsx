// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { visit } from '@/tests/fixtures/cartCookieJar';
import { orderViewFor, selectionOf, stepPage } from '@/tests/fixtures/journeyViews';
import { summaryTotal as total } from '@/tests/fixtures/orderSummary';
import { pageWordsFixture } from '@/tests/fixtures/pageWords';
import { api, setUpStepTests, snapshot } from '@/tests/fixtures/stepTests';
import type { CartSelection } from '@/lib/cart/cartSelection';
import { writeCartCookie } from '@/lib/cart/cartCookie';
import { ApiClientProvider } from '@/components/shell/ApiClientProvider';
import { I18nProvider } from '@/components/shell/I18n';
import CartStep from './CartStep';

setUpStepTests();

function renderCart(locale: string, path: string, selection: CartSelection | null, notice: string | null = null) {
  visit(`/${path}/cart`);
  if (selection) writeCartCookie(path.replace('/', '-'), selection);
  const order = orderViewFor(snapshot, path, selection);
  const page = stepPage(snapshot, path, 'cart', { order, notice, paidOrder: false, alreadySubscribed: false });
  render(
    <I18nProvider page={pageWordsFixture(locale)}>
      <ApiClientProvider client={api}>
        <CartStep {...page} />
      </ApiClientProvider>
    </I18nProvider>,
  );
}

describe('the cart in the campaign’s language', () => {
  it('speaks German and writes euros the German way', () => {
    renderCart('de-DE', 'gq/demo-de', selectionOf('4101'));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Ihr Warenkorb');
    expect(screen.getByRole('list', { name: 'Artikel in Ihrem Warenkorb' }).textContent).toBe(
      'GQ Digital: ein Jahr unbegrenzter ZugangErstes Jahr 25\u00a0€, danach 50\u00a0€ pro Jahr25,00\u00a0€',
    );
    expect(screen.getByRole('region', { name: 'Bestellübersicht' })).toBeTruthy();
    // A VAT market's price holds its tax: the cart says so rather than that it comes at payment.
    expect(screen.getByTestId('summary-tax').textContent).toBe('SteuerIm Preis enthalten');
    expect(total()).toBe('Heute zu zahlen25,00\u00a0€');
    expect(screen.getByRole('link', { name: 'Weiter zur Zahlung' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sie haben einen Gutscheincode?' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Sie sind bereits Abonnent?' })).toBeTruthy();
  });

  it('words a stored promo code it refuses from its reason, in German', () => {
    renderCart('de-DE', 'gq/demo-de', selectionOf('4101', { promoCode: 'TENOFF' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'Der Gutscheincode TENOFF kann nicht für Preise in EUR eingelöst werden. Gutscheincode entfernen',
    );
  });

  it('says an applied code in French', () => {
    renderCart('fr-FR', 'vogue/demo-fr', selectionOf('1101', { promoCode: 'SAVE20' }));
    expect(screen.getByText(/^Code promo/).textContent).toBe('Code promo SAVE20 appliqué. Retirer le code promo');
    expect(total()).toBe('Total aujourd’hui20,00\u00a0€');
  });

  it('says an empty cart in French', () => {
    renderCart('fr-FR', 'vogue/demo-fr', null);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Votre panier');
    expect(screen.getByRole('link', { name: 'Choisir un abonnement' }).parentElement?.textContent).toBe(
      'Votre panier est vide. Choisir un abonnement',
    );
  });
});
