import { useWords } from '@/components/shell/I18n';
import { offerFor, searchInLocale, type LanguageChoice } from '@/lib/i18n/languageOffers';
import { languageOf } from '@/lib/i18n/locales';
import { stepHref } from '@/lib/journey/navigation';
import type { StepId } from '@/lib/journey/steps';
import styles from './CheckoutForm.module.css';

interface LanguageSwitchProps {
  languages: LanguageChoice | undefined;
  /** Where the buyer is, as the payment step knows it: the offer is for the buyers of one place. */
  place: { country: string; region: string };
  base: string;
  step: StepId;
  search: string;
}

/**
 * The language a campaign offers the buyers of the place chosen (French to a Quebec buyer of
 * an English Canadian campaign), written in that language; once chosen, the way back. A page
 * load in the other language: what was typed is kept, the rest of the journey and the
 * e-mails follow (the query carries it).
 */
export function LanguageSwitch({ languages, place, base, step, search }: LanguageSwitchProps) {
  const { locale } = useWords();
  if (!languages) return null;
  const offered = offerFor(languages.campaign.locale, locale, place);
  const target = offered
    ? languages.offers.find((offer) => offer.locale === offered.locale)
    : locale !== languages.campaign.locale
      ? languages.campaign
      : undefined;
  if (!target) return null;
  const chosen = target.locale === languages.campaign.locale ? null : target.locale;
  return (
    <p className={styles.languageSwitch} data-testid="language-switch">
      <a href={stepHref(base, step, searchInLocale(search, chosen))} hrefLang={target.locale} lang={languageOf(target.locale)}>
        {target.label}
      </a>
    </p>
  );
}
