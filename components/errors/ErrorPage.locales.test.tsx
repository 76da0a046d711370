// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoSnapshot } from '@/tests/fixtures/demoSnapshot';
import type { CatalogueSnapshot } from '@/lib/server/catalogue/CatalogueRepository';
import { errorBrandIn, errorLocaleIn, errorPageI18n, errorPagePropsIn } from '@/lib/server/ssr/errorPage';
import { I18nProvider } from '@/components/shell/I18n';
import { ErrorPage } from './ErrorPage';
import { JourneyRefusal } from './JourneyRefusal';

const now = new Date('2026-11-27T12:00:00Z');
let snapshot: CatalogueSnapshot;
beforeAll(async () => {
  snapshot = await demoSnapshot();
});

/** The page of a URL's error as the server makes it, in the locale it makes it in. */
function renderError(url: string, statusCode: number) {
  const locale = errorLocaleIn(snapshot, url);
  return render(
    <I18nProvider page={errorPageI18n(locale)}>
      <ErrorPage {...errorPagePropsIn(snapshot, url, statusCode, now)} />
    </I18nProvider>,
  );
}

describe('the error pages in the campaign’s locale', () => {
  it('a 404 under a German campaign: German words, the brand’s frame and the way back', () => {
    renderError('/gq/demo-de/no-such-step?livemode=false', 404);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Seite nicht gefunden');
    expect(screen.getByText('Fehler 404')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Zurück zu GQ' }).getAttribute('href')).toBe('/gq/demo-de?livemode=false');
    expect(screen.getByTestId('test-mode-banner').textContent).toBe('Testmodus: Es wird keine echte Zahlung eingezogen.');
    const footer = within(screen.getByRole('contentinfo'));
    expect(footer.getByRole('link', { name: 'Verträge hier kündigen' }).getAttribute('href')).toBe('/cancel?livemode=false&lang=de-DE');
    expect(footer.getByRole('link', { name: 'Vertrag hier widerrufen' })).toBeTruthy();
    expect(document.title).toBe('Seite nicht gefunden | GQ');
  });

  it('a 500 under a French campaign says nothing was charged, in French', () => {
    renderError('/vogue/demo-fr/cart', 500);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Une erreur s’est produite');
    expect(screen.getByText(/Rien n’a été débité\./)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Retour à Vogue' })).toBeTruthy();
    const footer = within(screen.getByRole('navigation', { name: 'Votre abonnement' }));
    expect(footer.getByRole('link', { name: 'Se rétracter du contrat ici' }).getAttribute('href')).toBe('/withdraw?lang=fr-FR');
  });

  it('a refused query under a German campaign says what is wrong in German', () => {
    const url = '/gq/demo-de?livemode=maybe';
    render(
      <I18nProvider page={errorPageI18n(errorLocaleIn(snapshot, url))}>
        <JourneyRefusal kind="refused" status={400} reason={{ id: 'errors.refusal.livemode' }} brand={errorBrandIn(snapshot, url, now)} />
      </I18nProvider>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Dieser Link stimmt nicht ganz');
    expect(
      screen.getByText('Der Parameter „livemode“ muss „true“ oder „false“ sein. Bitte prüfen Sie den Link und versuchen Sie es erneut.'),
    ).toBeTruthy();
  });
});
