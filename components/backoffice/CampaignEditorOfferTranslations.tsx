import { useContext } from 'react';
import { hasPicture, NO_TRANSLATION, translationLocales, type OfferForm, type OfferTranslationForm } from '@/lib/campaigns/draftForm';
import { offerTranslationControl } from '@/lib/campaigns/draftFormProblems';
import { controlId, ProblemsBeside, TextArea, TextInput } from './CampaignEditorInputs';
import styles from './BackOffice.module.css';

// The studio speaks English: "fr" → "French".
const LANGUAGE_NAMES = new Intl.DisplayNames('en', { type: 'language' });
const languageName = (locale: string) => LANGUAGE_NAMES.of(locale.split('-')[0]!) ?? locale;

const sentence = (message: string) => message.charAt(0).toUpperCase() + message.slice(1);

/**
 * An offer's words in each other language its campaign offers the buyers of one place
 * (lib/i18n/languageOffers.ts: an English campaign in Canada offers Quebec's buyers French),
 * a group per language. Most campaigns offer none: nothing is shown.
 */
export function OfferTranslationsFields(props: {
  offer: OfferForm;
  /** The campaign's language: its own, else its brand's. */
  campaignLocale: string;
  onChange: (translations: OfferForm['translations']) => void;
}) {
  const { offer, onChange } = props;
  return translationLocales(props.campaignLocale).map((locale) => (
    <TranslationFields
      key={locale}
      offer={offer}
      locale={locale}
      onChange={(words) => onChange({ ...offer.translations, [locale]: words })}
    />
  ));
}

/**
 * One language's words. The group shows the problems no word's control does (a key the server
 * takes for no locale): it is what they mark and the alert's "Go to the first" focuses.
 */
function TranslationFields(props: { offer: OfferForm; locale: string; onChange: (words: OfferTranslationForm) => void }) {
  const { offer, locale } = props;
  const group = offerTranslationControl(offer.key, locale);
  const id = controlId(group);
  const errors = useContext(ProblemsBeside).get(group) ?? [];
  const words = offer.translations[locale] ?? NO_TRANSLATION;
  const change = (value: Partial<OfferTranslationForm>) => props.onChange({ ...words, ...value });
  const control = (word: keyof OfferTranslationForm) => offerTranslationControl(offer.key, locale, word);
  const language = languageName(locale);
  return (
    <fieldset
      id={id}
      tabIndex={-1}
      className={styles.fieldset}
      aria-describedby={[`${id}-hint`, errors.length ? `${id}-error` : null].filter(Boolean).join(' ')}
      aria-invalid={errors.length ? true : undefined}
    >
      <legend>{`In ${language} (${locale})`}</legend>
      <p id={`${id}-hint`} className={styles.hint}>
        {`Shown to buyers served in ${language}. A word left empty is not shown to them.`}
      </p>
      <TextArea
        control={control('description')}
        label={`Description in ${locale}`}
        rows={2}
        value={words.description}
        onChange={(description) => change({ description })}
      />
      <TextArea
        control={control('features')}
        label={`Features in ${locale}`}
        rows={4}
        value={words.features}
        onChange={(features) => change({ features })}
        hint="One per line."
      />
      <TextInput
        control={control('savingBadge')}
        label={`Saving badge in ${locale}`}
        value={words.savingBadge}
        onChange={(savingBadge) => change({ savingBadge })}
        hint="What it claims must hold against this offer’s own prices, as the badge’s does."
      />
      {hasPicture(offer) && (
        <TextInput
          control={control('imageAlt')}
          label={`Picture text in ${locale}`}
          value={words.imageAlt}
          onChange={(imageAlt) => change({ imageAlt })}
          hint="What the picture shows, for those who cannot see it."
          wide
        />
      )}
      {errors.length > 0 && (
        <p id={`${id}-error`} className={styles.fieldError}>
          {errors.map(sentence).join('; ')}
        </p>
      )}
    </fieldset>
  );
}
