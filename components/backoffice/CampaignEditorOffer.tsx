import type { CampaignForm, OfferForm } from '@/lib/campaigns/draftForm';
import { BILLING_INTERVALS } from '@/lib/campaigns/draftFormChoices';
import { canSellOnPage } from '@/lib/campaigns/draftFormEdits';
import { offerControl } from '@/lib/campaigns/draftFormProblems';
import { ALL_OFFERS_PARENT_ID } from '@/lib/catalogue/crossSell';
import { CURRENCY_CODES } from '@/lib/pricing/currencies';
import { MAX_PLANS } from '@/lib/pricing/template';
import { ChoiceInput, CheckInput, controlId, TextArea, TextInput, type Choice } from './CampaignEditorInputs';
import { ImageUpload } from './CampaignEditorImageUpload';
import { OfferTranslationsFields } from './CampaignEditorOfferTranslations';
import { RenewalPriceChange } from './CampaignEditorRenewalPrice';
import styles from './BackOffice.module.css';

export type OfferChange = Partial<Omit<OfferForm, 'key' | 'base' | 'id'>>;

export interface OfferActions {
  onChange: (key: string, change: OfferChange) => void;
  onMove: (key: string, step: -1 | 1) => void;
  onRemove: (key: string) => void;
  onNewPrice: (key: string) => void;
}

// As the label reads on: “Billed every year”.
const INTERVAL_NAMES: Readonly<Record<string, string>> = { month: 'month', year: 'year' };
const CURRENCY_CHOICES = CURRENCY_CODES.map((code) => ({ value: code, label: code }));
const INTERVAL_CHOICES = BILLING_INTERVALS.map((interval) => ({ value: interval, label: INTERVAL_NAMES[interval]! }));

export const offerTitle = (offer: OfferForm, index: number) => `Offer ${index + 1}${offer.name.trim() ? `: ${offer.name.trim()}` : ''}`;

/**
 * One offer of the campaign: its words (in the other languages its campaign offers too), its
 * price, its picture, and where the page sells it.
 */
export function OfferFields(props: {
  form: CampaignForm;
  index: number;
  /** The campaign's language: its own, else its brand's. */
  campaignLocale: string;
  /** Subscribers hold it: its price stays. */
  held: boolean;
  busy: boolean;
  actions: OfferActions;
}) {
  const { form, index, held, busy, actions } = props;
  const offer = form.offers[index]!;
  const change = (value: OfferChange) => actions.onChange(offer.key, value);
  const control = (name: Parameters<typeof offerControl>[1]) => offerControl(offer.key, name);
  return (
    <fieldset className={styles.fieldset}>
      <legend>{offerTitle(offer, index)}</legend>
      <TextInput control={control('name')} label="Name" value={offer.name} onChange={(name) => change({ name })} />
      <TextArea
        control={control('description')}
        label="Description"
        rows={2}
        value={offer.description}
        onChange={(description) => change({ description })}
      />
      <Placement form={form} offer={offer} onChange={change} />
      <PriceFields offer={offer} held={held} busy={busy} onChange={change} onNewPrice={() => actions.onNewPrice(offer.key)} />
      {held && <RenewalPriceChange offerId={offer.id} offerName={offer.name} currencyCode={offer.currencyCode} />}
      <CheckInput
        control={control('isPrintOffer')}
        label="Print edition"
        checked={offer.isPrintOffer}
        onChange={(isPrintOffer) => change({ isPrintOffer })}
      />
      <TextArea
        control={control('features')}
        label="Features (one per line)"
        rows={4}
        value={offer.features}
        onChange={(features) => change({ features })}
      />
      <TextInput
        control={control('savingBadge')}
        label="Saving badge"
        value={offer.savingBadge}
        onChange={(savingBadge) => change({ savingBadge })}
        hint="Optional, such as “Half price for your first year”: what it claims must hold against this offer’s own prices."
      />
      <ImageFields offer={offer} onChange={change} />
      <OfferTranslationsFields offer={offer} campaignLocale={props.campaignLocale} onChange={(translations) => change({ translations })} />
      <OfferButtons form={form} index={index} busy={busy} actions={actions} />
    </fieldset>
  );
}

/** A plan of the page, or a cross-sell offered beside one plan or every plan. */
function Placement({ form, offer, onChange }: { form: CampaignForm; offer: OfferForm; onChange: (change: OfferChange) => void }) {
  const room = canSellOnPage(form, offer.key);
  return (
    <div className={styles.fields}>
      <CheckInput
        control={offerControl(offer.key, 'onPage')}
        label="Sold on the page"
        checked={offer.onPage}
        disabled={!room}
        onChange={(onPage) => onChange({ onPage })}
        hint={
          room
            ? 'One of the page’s plans. Unticked: a cross-sell, offered beside a plan.'
            : `The page sells at most ${MAX_PLANS} offers: take another off the page first.`
        }
      />
      {!offer.onPage && (
        <ChoiceInput
          control={offerControl(offer.key, 'parentOfferId')}
          label="Offered beside"
          value={offer.parentOfferId}
          choices={parentChoices(form, offer)}
          onChange={(parentOfferId) => onChange({ parentOfferId })}
        />
      )}
    </div>
  );
}

function parentChoices(form: CampaignForm, offer: OfferForm): Choice[] {
  const nameOf = (candidate: OfferForm) => candidate.name.trim() || `Offer ${form.offers.indexOf(candidate) + 1}`;
  const plans = form.offers.filter((candidate) => candidate.onPage);
  const choices = [
    { value: ALL_OFFERS_PARENT_ID, label: 'Every plan' },
    ...plans.map((plan) => ({ value: plan.key, label: nameOf(plan) })),
  ];
  if (choices.some((choice) => choice.value === offer.parentOfferId)) return choices;
  // Its plan left the page (or the campaign): still shown chosen, for the server to say so.
  const was = form.offers.find((candidate) => candidate.key === offer.parentOfferId);
  const label = was ? `${nameOf(was)} (not sold on the page)` : `Offer ${offer.parentOfferId} (not in this campaign)`;
  return [...choices, { value: offer.parentOfferId, label }];
}

function PriceFields(props: {
  offer: OfferForm;
  held: boolean;
  busy: boolean;
  onChange: (change: OfferChange) => void;
  onNewPrice: () => void;
}) {
  const { offer, held, onChange } = props;
  const control = (name: Parameters<typeof offerControl>[1]) => offerControl(offer.key, name);
  const heldNote = held ? `${controlId(control('price'))}-held` : undefined;
  const editable = <T,>(set: (value: string) => T) => (held ? undefined : set);
  return (
    <>
      {held && (
        <div className={styles.held}>
          <p id={heldNote} className={styles.hint}>
            Subscribers hold this offer: its price stays. A new price for new buyers is a new offer.
          </p>
          <button type="button" className={styles.secondary} disabled={props.busy} onClick={props.onNewPrice}>
            New price for new buyers
          </button>
        </div>
      )}
      <div className={styles.fields}>
        <TextInput
          control={control('price')}
          label="Price"
          inputMode="decimal"
          value={offer.price}
          describedBy={heldNote}
          hint={held ? undefined : 'The full price, and what renewals cost: such as 12.99.'}
          onChange={editable((price) => onChange({ price }))}
        />
        <TextInput
          control={control('firstPrice')}
          label="First-period price"
          inputMode="decimal"
          value={offer.firstPrice}
          describedBy={heldNote}
          hint={held ? undefined : 'Optional: a lower price for the first period.'}
          onChange={editable((firstPrice) => onChange({ firstPrice }))}
        />
        {held ? (
          <TextInput control={control('currencyCode')} label="Currency" value={offer.currencyCode} describedBy={heldNote} />
        ) : (
          <ChoiceInput
            control={control('currencyCode')}
            label="Currency"
            value={offer.currencyCode}
            choices={withCurrent(CURRENCY_CHOICES, offer.currencyCode)}
            onChange={(currencyCode) => onChange({ currencyCode })}
          />
        )}
        {held ? (
          <TextInput
            control={control('billingInterval')}
            label="Billed every"
            value={INTERVAL_NAMES[offer.billingInterval] ?? offer.billingInterval}
            describedBy={heldNote}
          />
        ) : (
          <ChoiceInput
            control={control('billingInterval')}
            label="Billed every"
            value={offer.billingInterval}
            choices={withCurrent(INTERVAL_CHOICES, offer.billingInterval)}
            onChange={(billingInterval) => onChange({ billingInterval })}
          />
        )}
        <TextInput
          control={control('trialDays')}
          label="Free trial days"
          inputMode="numeric"
          value={offer.trialDays}
          describedBy={heldNote}
          hint={held ? undefined : 'Empty: no trial.'}
          onChange={editable((trialDays) => onChange({ trialDays }))}
        />
      </div>
    </>
  );
}

/** The choices, and the value the draft has if it is none of them, so that a select never shows what is not so. */
function withCurrent(choices: readonly Choice[], value: string): readonly Choice[] {
  if (choices.some((choice) => choice.value === value)) return choices;
  return [{ value, label: value || 'Choose' }, ...choices];
}

function ImageFields({ offer, onChange }: { offer: OfferForm; onChange: (change: OfferChange) => void }) {
  const control = (name: Parameters<typeof offerControl>[1]) => offerControl(offer.key, name);
  return (
    <div className={styles.fields}>
      <ImageUpload
        onUploaded={(image) => onChange({ imageSrc: image.src, imageWidth: String(image.width), imageHeight: String(image.height) })}
      />
      <TextInput
        control={control('imageSrc')}
        label="Image address"
        value={offer.imageSrc}
        onChange={(imageSrc) => onChange({ imageSrc })}
        hint="A picture on this site, such as /offer-images/vogue-digital.svg. Empty: none."
        wide
      />
      <TextInput
        control={control('imageAlt')}
        label="Image text"
        value={offer.imageAlt}
        onChange={(imageAlt) => onChange({ imageAlt })}
        hint="What the picture shows, for those who cannot see it."
        wide
      />
      <TextInput
        control={control('imageWidth')}
        label="Image width"
        inputMode="numeric"
        value={offer.imageWidth}
        onChange={(imageWidth) => onChange({ imageWidth })}
        hint="In pixels."
      />
      <TextInput
        control={control('imageHeight')}
        label="Image height"
        inputMode="numeric"
        value={offer.imageHeight}
        onChange={(imageHeight) => onChange({ imageHeight })}
        hint="In pixels."
      />
    </div>
  );
}

/** The ids of an offer's buttons, for the editor to give focus back after a move. */
export const offerButtonId = (key: string, button: 'up' | 'down') => `${controlId(offerControl(key, 'name'))}-${button}`;

function OfferButtons({ form, index, busy, actions }: { form: CampaignForm; index: number; busy: boolean; actions: OfferActions }) {
  const offer = form.offers[index]!;
  const removeHint = `${controlId(offerControl(offer.key, 'name'))}-remove`;
  // At an end a move button stays focusable (aria-disabled): disabled, it would drop the focus it has after the last move.
  const first = index === 0;
  const last = index === form.offers.length - 1;
  return (
    <div className={styles.stack}>
      <div className={styles.row}>
        <button
          id={offerButtonId(offer.key, 'up')}
          type="button"
          className={styles.secondary}
          disabled={busy}
          aria-disabled={first || undefined}
          onClick={() => !first && actions.onMove(offer.key, -1)}
        >
          Move up
        </button>
        <button
          id={offerButtonId(offer.key, 'down')}
          type="button"
          className={styles.secondary}
          disabled={busy}
          aria-disabled={last || undefined}
          onClick={() => !last && actions.onMove(offer.key, 1)}
        >
          Move down
        </button>
        <button
          type="button"
          className={styles.secondary}
          disabled={busy}
          aria-describedby={removeHint}
          onClick={() => actions.onRemove(offer.key)}
        >
          Remove offer
        </button>
      </div>
      <p id={removeHint} className={styles.hint}>
        The page shows its plans in this order. Removing an offer takes it off this campaign: one already published stays in the catalogue
        for its subscribers.
      </p>
    </div>
  );
}
