// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { I18nProvider } from '@/components/shell/I18n';
import { pageWordsFixture } from '@/tests/fixtures/pageWords';
import { LanguageSwitch } from './LanguageSwitch';

const languages = {
  campaign: { locale: 'en-CA', label: 'Continue in English' },
  offers: [{ locale: 'fr-CA', country: 'CA', region: 'QC', label: 'Continuer en français' }],
};

function renderIn(locale: string, place: { country: string; region: string }) {
  return render(
    <I18nProvider page={pageWordsFixture(locale)}>
      <LanguageSwitch languages={languages} place={place} base="/newyorker/demo-ca" step="credit-card" search="?livemode=false" />
    </I18nProvider>,
  );
}

describe('LanguageSwitch', () => {
  it('offers a Quebec buyer French, in French, keeping the journey’s query', () => {
    renderIn('en-CA', { country: 'CA', region: 'QC' });
    const link = screen.getByRole('link', { name: 'Continuer en français' });
    expect(link.getAttribute('href')).toBe('/newyorker/demo-ca/credit-card?livemode=false&lang=fr-CA');
    expect(link.getAttribute('lang')).toBe('fr');
    expect(link.getAttribute('hreflang')).toBe('fr-CA');
  });

  it('offers nothing to a buyer elsewhere in Canada', () => {
    renderIn('en-CA', { country: 'CA', region: 'ON' });
    expect(screen.queryByTestId('language-switch')).toBeNull();
  });

  it('leads back to the campaign’s English once French was chosen', () => {
    renderIn('fr-CA', { country: 'CA', region: 'QC' });
    const link = screen.getByRole('link', { name: 'Continue in English' });
    expect(link.getAttribute('href')).toBe('/newyorker/demo-ca/credit-card?livemode=false');
    expect(link.getAttribute('lang')).toBe('en');
  });
});
