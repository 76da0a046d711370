// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { visit } from '@/tests/fixtures/cartCookieJar';
import { orderViewFor, selectionOf, stepPage } from '@/tests/fixtures/journeyViews';
import { promoFeedback as feedback, summaryTotal as total } from '@/tests/fixtures/orderSummary';
import { pageWordsFixture } from '@/tests/fixtures/pageWords';
import { api, setUpStepTests, snapshot } from '@/tests/fixtures/stepTests';
import { writeCartCookie } from '@/lib/cart/cartCookie';
import { ApiClientProvider } from '@/components/shell/ApiClientProvider';
import { I18nProvider } from '@/components/shell/I18n';
import PromoCodeStep from './PromoCodeStep';

setUpStepTests();

function renderInFrench() {
  const path = 'vogue/demo-fr';
  const selection = selectionOf('1101');
  visit(`/${path}/promo-code`);
  writeCartCookie(path.replace('/', '-'), selection);
  const page = stepPage(snapshot, path, 'promo-code', { order: orderViewFor(snapshot, path, selection), notice: null, paidOrder: false });
  render(
    <I18nProvider page={pageWordsFixture('fr-FR')}>
      <ApiClientProvider client={api}>
        <PromoCodeStep {...page} />
      </ApiClientProvider>
    </I18nProvider>,
  );
}

function apply(code: string) {
  fireEvent.change(screen.getByLabelText('Code promo'), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: 'Appliquer' }));
}

describe('the promo-code step in French', () => {
  it('refuses an unknown code in French, with French quotation marks', async () => {
    renderInFrench();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Code promo');
    apply('NOPE');
    expect((await screen.findByRole('alert')).textContent).toBe('«\u00a0NOPE\u00a0» n’est pas un code promo valide.');
    expect(total()).toBe('Total aujourd’hui25,00\u00a0€');
  });

  it('asks for a code when none is typed', async () => {
    renderInFrench();
    apply('');
    expect((await screen.findByRole('alert')).textContent).toBe('Saisissez un code promo.');
  });

  it('applies a code, says so in French, and removes it', async () => {
    renderInFrench();
    apply('SAVE20');
    await waitFor(() => expect(total()).toBe('Total aujourd’hui20,00\u00a0€'));
    expect(feedback()!.textContent).toBe('Code promo SAVE20 appliqué. Retirer le code promo');
    expect(screen.getByTestId('summary-discount').textContent).toBe('Réduction (SAVE20)−5,00\u00a0€');
    fireEvent.click(within(feedback()!).getByRole('button', { name: 'Retirer le code promo' }));
    await waitFor(() => expect(feedback()!.textContent).toBe('Code promo retiré.'));
    expect(screen.getByRole('link', { name: 'Retour à votre panier' })).toBeTruthy();
  });
});
