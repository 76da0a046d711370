import type { CampaignForm, FlowForm } from '@/lib/campaigns/draftForm';
import { localeChoices } from '@/lib/campaigns/draftFormChoices';
import { flowControl } from '@/lib/campaigns/draftFormProblems';
import type { CampaignEditorPageProps } from '@/lib/campaigns/studioViews';
import { STUDIO_TIME_ZONES } from '@/lib/campaigns/zonedTime';
import { ChoiceInput, CheckInput, TextArea, TextInput } from './CampaignEditorInputs';
import styles from './BackOffice.module.css';

const TIME_ZONE_CHOICES = STUDIO_TIME_ZONES.map((zone) => ({ value: zone, label: zone.replace(/_/g, ' ') }));

type Brand = CampaignEditorPageProps['brands'][number];

/** The campaign's own fields: where it is, what it says, in which language, when it sells. */
export function CampaignFields(props: {
  form: CampaignForm;
  isNew: boolean;
  brands: readonly Brand[];
  onFlow: (change: Partial<Omit<FlowForm, 'base'>>) => void;
  onTimeZone: (zone: string) => void;
  onDefault: (isDefault: boolean) => void;
}) {
  const { form, isNew, brands, onFlow } = props;
  const { flow } = form;
  const brand = brands.find((candidate) => candidate.slug === flow.brand);
  const brandLocale = brand?.locale ?? '';
  return (
    <fieldset className={styles.fieldset}>
      <legend>Campaign</legend>
      <div className={styles.fields}>
        {isNew ? (
          <ChoiceInput
            control={flowControl('brand')}
            label="Brand"
            value={flow.brand}
            choices={[
              ...(flow.brand ? [] : [{ value: '', label: 'Choose a brand' }]),
              ...brands.map((candidate) => ({ value: candidate.slug, label: candidate.name })),
            ]}
            onChange={(slug) => onFlow({ brand: slug })}
          />
        ) : (
          <TextInput
            control={flowControl('brand')}
            label="Brand"
            value={brand?.name ?? flow.brand}
            hint="A campaign stays with its brand."
          />
        )}
        <TextInput
          control={flowControl('campaignId')}
          label="Campaign id"
          value={flow.campaignId}
          onChange={isNew ? (campaignId) => onFlow({ campaignId }) : undefined}
          hint={isNew ? 'Letters, digits, “_” or “-”: it names the campaign for good, in reports too.' : 'It names the campaign for good.'}
        />
        <TextInput
          control={flowControl('urlSlug')}
          label="Address"
          value={flow.urlSlug}
          onChange={(urlSlug) => onFlow({ urlSlug })}
          prefix={`/${flow.brand || 'brand'}/`}
          hint="Lower-case letters, digits and single hyphens."
          wide
        />
      </div>
      <TextInput control={flowControl('headline')} label="Headline" value={flow.headline} onChange={(headline) => onFlow({ headline })} />
      <TextArea
        control={flowControl('subheadline')}
        label="Subheadline"
        rows={2}
        value={flow.subheadline}
        onChange={(subheadline) => onFlow({ subheadline })}
      />
      <div className={styles.fields}>
        <ChoiceInput
          control={flowControl('locale')}
          label="Language"
          value={flow.locale}
          choices={[
            { value: '', label: "The brand's language" },
            ...localeChoices(brandLocale, flow.locale).map((locale) => ({ value: locale, label: locale })),
          ]}
          onChange={(locale) => onFlow({ locale })}
          hint={brandLocale ? `The brand's language is ${brandLocale}.` : undefined}
        />
        <ChoiceInput
          control={flowControl('timeZone')}
          label="Time zone"
          value={form.timeZone}
          choices={TIME_ZONE_CHOICES}
          hint="The dates below are on its clock. Another zone shows the same moments on its own."
          onChange={props.onTimeZone}
        />
        <TextInput
          control={flowControl('startsAt')}
          label="Starts"
          type="datetime-local"
          value={flow.startsAt}
          onChange={(startsAt) => onFlow({ startsAt })}
          hint="Empty: on sale once published."
        />
        <TextInput
          control={flowControl('endsAt')}
          label="Ends"
          type="datetime-local"
          value={flow.endsAt}
          onChange={(endsAt) => onFlow({ endsAt })}
          hint="Empty: no end."
        />
      </div>
      <CheckInput
        control={flowControl('isDefault')}
        label="The brand's default campaign"
        checked={form.isDefault}
        onChange={props.onDefault}
        hint="Where the brand sends visitors of an ended or unknown campaign."
      />
    </fieldset>
  );
}
