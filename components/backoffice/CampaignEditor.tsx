import Link from 'next/link';
import { useEffect } from 'react';
import { ErrorView } from '@/components/ui/ErrorView';
import { couponItems, type RandomBytes } from '@/lib/campaigns/couponBatch';
import type { CampaignForm } from '@/lib/campaigns/draftForm';
import type { CodeBatchForm, CodeBatchProblem } from '@/lib/campaigns/draftFormBatch';
import { layoutOf, withBrandLocale } from '@/lib/campaigns/draftFormEdits';
import type { CampaignEditorPageProps } from '@/lib/campaigns/studioViews';
import type { BackOfficeRefusal } from '@/lib/operators/backOfficeViews';
import { CAMPAIGNS_PATH, campaignStudioPath } from '@/lib/operators/operatorPaths';
import { BackOfficeFrame } from './BackOfficeFrame';
import { CodeBatchAdder, CodeBatchItem, type SavedCodes } from './CampaignEditorCodeBatch';
import { CouponFields, type CouponChange } from './CampaignEditorCoupon';
import { CampaignFields } from './CampaignEditorFields';
import { ProblemsBeside } from './CampaignEditorInputs';
import { OfferFields, type OfferActions } from './CampaignEditorOffer';
import {
  ADD_COUPON_ID,
  ADD_OFFER_ID,
  savedVersion,
  useCampaignEditor,
  useFormChanges,
  type Base,
  type Busy,
  type Failure,
  type Status,
} from './CampaignEditorState';
import { careWhen } from './careWords';
import { ScheduleControls } from './CampaignEditorSchedule';
import { usePreviewLink } from './usePreviewLink';
import styles from './BackOffice.module.css';

/**
 * /admin/campaigns/{id}/edit and /admin/campaigns/new: the studio's editor. A marketer
 * changes a campaign's words, offers, dates and coupons, saves it as a draft version (the
 * server checks it as an import would) and publishes a saved draft. What was typed is never
 * lost: a refused or conflicting save keeps it, a reload brings it back (sessionStorage), and
 * leaving with unsaved changes asks first.
 */
export function CampaignEditor(props: CampaignEditorPageProps | BackOfficeRefusal) {
  if ('kind' in props) return <ErrorView title={props.title} message={props.message} />;
  return <EditorPage {...props} />;
}

const NO_PROBLEMS: ReadonlyMap<string, readonly string[]> = new Map();

function EditorPage(props: CampaignEditorPageProps) {
  const { operator, campaignId, brands } = props;
  const editor = useCampaignEditor(props);
  const { form, base, busy, failure, setForm } = editor;
  const brandLocale = brands.find((brand) => brand.slug === form.flow.brand)?.locale ?? '';
  // The languages an offer's words are sent in follow from the campaign's language, its brand's
  // while it has none of its own: the page knows the brand's, the draft the form came from does not.
  useEffect(() => {
    setForm((current) => withBrandLocale(current, brandLocale));
  }, [form.brandLocale, brandLocale, setForm]);
  const changes = useFormChanges(form, editor.setForm, editor.setSaid, brandLocale);
  const previews = usePreviewLink(campaignId);
  const title = campaignId === null ? 'New campaign' : `Edit ${props.draft.flow.headline || campaignId}`;
  return (
    <BackOfficeFrame title={title} operator={operator}>
      <p className={styles.row}>
        <Link className={styles.link} href={CAMPAIGNS_PATH}>
          All campaigns
        </Link>
        {campaignId !== null && (
          <Link className={styles.link} href={campaignStudioPath(campaignId)}>
            This campaign’s versions
          </Link>
        )}
      </p>
      <section className={styles.card} aria-labelledby="editor-title">
        <h1 id="editor-title">{title}</h1>
        <p>{statusText(base.status, campaignId)}</p>
        {!base.holdsNewest && props.restoredFrom !== null && (
          <p className={styles.notice}>This form holds version {props.restoredFrom}. Save it to make it the newest draft.</p>
        )}
        {editor.restored && (
          <div className={`${styles.notice} ${styles.stack}`}>
            <p>Your unsaved changes were restored.</p>
            <div>
              <button type="button" className={styles.secondary} disabled={busy !== null} onClick={editor.discard}>
                Discard them
              </button>
            </div>
          </div>
        )}
      </section>
      <ProblemsBeside.Provider value={failure?.problems?.beside ?? NO_PROBLEMS}>
        <form
          className={styles.form}
          aria-labelledby="editor-title"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void editor.save(base.version);
          }}
        >
          <div className={styles.card}>
            <CampaignFields
              form={form}
              isNew={campaignId === null}
              brands={brands}
              onFlow={changes.onFlow}
              onTimeZone={changes.onTimeZone}
              onDefault={changes.onDefault}
            />
          </div>
          <OffersSection
            form={form}
            campaignLocale={form.flow.locale || brandLocale}
            boughtOfferIds={props.boughtOfferIds}
            busy={busy !== null}
            actions={changes.offerActions}
            onAdd={changes.addAnOffer}
          />
          <CouponsSection
            form={form}
            busy={busy !== null}
            saved={savedCodes(campaignId, savedVersion(campaignId, base, editor.dirty))}
            onChange={changes.onCoupon}
            onRemove={changes.removeACoupon}
            onAdd={changes.addACoupon}
            onAddCodes={changes.addCodes}
            onRemoveBatch={changes.removeABatch}
          />
          <EditorActions
            campaignId={campaignId}
            base={base}
            dirty={editor.dirty}
            busy={busy}
            failure={failure}
            said={editor.said}
            onPublish={editor.publish}
            preview={{ ...previews, version: savedVersion(campaignId, base, editor.dirty) }}
            onSaveOver={(latest) => void editor.save(latest)}
          />
          {campaignId !== null && (
            <section className={styles.card} aria-label="Schedule">
              <ScheduleControls
                campaignId={campaignId}
                version={publishableVersion(campaignId, base, editor.dirty)}
                whyNone={scheduleHint(campaignId, base, editor.dirty)}
                timeZone={form.timeZone}
                initial={props.scheduled}
              />
            </section>
          )}
        </form>
      </ProblemsBeside.Provider>
    </BackOfficeFrame>
  );
}

function OffersSection(props: {
  form: CampaignForm;
  campaignLocale: string;
  boughtOfferIds: readonly string[];
  busy: boolean;
  actions: OfferActions;
  onAdd: () => void;
}) {
  const { form, busy } = props;
  return (
    <section className={styles.card} aria-labelledby="offers-title">
      <h2 id="offers-title">Offers</h2>
      <p>{layoutText(layoutOf(form))}</p>
      {form.offers.map((offer, index) => (
        <OfferFields
          key={offer.key}
          form={form}
          index={index}
          campaignLocale={props.campaignLocale}
          held={offer.id !== '' && props.boughtOfferIds.includes(offer.id)}
          busy={busy}
          actions={props.actions}
        />
      ))}
      <button id={ADD_OFFER_ID} type="button" className={styles.secondary} disabled={busy} onClick={props.onAdd}>
        Add an offer
      </button>
    </section>
  );
}

const savedCodes = (campaignId: string | null, version: number | null): SavedCodes | null =>
  campaignId !== null && version !== null ? { campaignId, version } : null;

/** The coupons, each on its own or in a batch of single-use codes shown as one item; then the ways to add more. */
function CouponsSection(props: {
  form: CampaignForm;
  busy: boolean;
  saved: SavedCodes | null;
  onChange: (key: string, change: CouponChange) => void;
  onRemove: (key: string) => void;
  onAdd: () => void;
  onAddCodes: (request: CodeBatchForm, random: RandomBytes) => CodeBatchProblem[];
  onRemoveBatch: (batch: string) => void;
}) {
  const { form, busy } = props;
  return (
    <section className={styles.card} aria-labelledby="coupons-title">
      <h2 id="coupons-title">Coupons</h2>
      <p>Codes a buyer types at checkout: each works on this campaign.</p>
      {couponItems(form.coupons).map((item) =>
        item.kind === 'coupon' ? (
          <CouponFields
            key={form.coupons[item.index]!.key}
            form={form}
            index={item.index}
            busy={busy}
            onChange={props.onChange}
            onRemove={props.onRemove}
          />
        ) : (
          <CodeBatchItem
            key={`batch-${item.key}`}
            form={form}
            batch={item.key}
            indexes={item.indexes}
            saved={props.saved}
            busy={busy}
            onRemove={props.onRemoveBatch}
          />
        ),
      )}
      <button id={ADD_COUPON_ID} type="button" className={styles.secondary} disabled={busy} onClick={props.onAdd}>
        Add a coupon
      </button>
      <CodeBatchAdder form={form} busy={busy} onAdd={props.onAddCodes} />
    </section>
  );
}

/**
 * Save, publish, preview, and what the last of them said: the alert for what went wrong, the
 * status for what was done. A preview shows the saved version the form holds unchanged
 * (`preview.version`; null while there is none).
 */
function EditorActions(props: {
  campaignId: string | null;
  base: Base;
  dirty: boolean;
  busy: Busy;
  failure: Failure | null;
  said: string;
  onPublish: () => void;
  onSaveOver: (latest: number) => void;
  preview: ReturnType<typeof usePreviewLink> & { version: number | null };
}) {
  const { campaignId, base, dirty, busy, failure, preview } = props;
  const publishable = publishableVersion(campaignId, base, dirty) !== null;
  return (
    <section className={styles.card} aria-labelledby="actions-title">
      <h2 id="actions-title">Save and publish</h2>
      <div className={styles.stack}>
        <p>{dirty || !base.holdsNewest ? 'The form has changes that are not saved.' : 'Everything shown is saved.'}</p>
        {failure && <FailureAlert failure={failure} />}
        {preview.error && (
          <p className={styles.alert} role="alert">
            {preview.error}
          </p>
        )}
        {failure?.conflict && campaignId !== null && (
          <ConflictWays
            campaignId={campaignId}
            base={base.version}
            latest={failure.conflict.latest}
            busy={busy}
            onSaveOver={props.onSaveOver}
          />
        )}
        <div className={styles.row}>
          <button type="submit" className={styles.primary} disabled={busy !== null} aria-busy={busy === 'save'}>
            {busy === 'save' ? 'Saving…' : 'Save draft'}
          </button>
          <button
            type="button"
            className={styles.secondary}
            disabled={busy !== null || !publishable}
            aria-busy={busy === 'publish'}
            aria-describedby="publish-hint"
            onClick={props.onPublish}
          >
            {busy === 'publish' ? 'Publishing…' : 'Publish'}
          </button>
          <button
            type="button"
            className={styles.secondary}
            disabled={busy !== null || preview.version === null || preview.making !== null}
            aria-busy={preview.making !== null}
            aria-describedby="preview-hint"
            onClick={() => {
              if (preview.version !== null) void preview.preview(preview.version);
            }}
          >
            {preview.making !== null ? 'Making the link…' : 'Preview'}
          </button>
        </div>
        <p id="publish-hint" className={styles.hint}>
          {publishHint(campaignId, base, dirty)}
        </p>
        <p id="preview-hint" className={styles.hint}>
          {preview.version === null
            ? 'Save the draft to preview it'
            : `Preview shows version ${preview.version} as visitors will see it, through a link anyone can open for 24 hours.`}
        </p>
        <p role="status">{props.said}</p>
      </div>
    </section>
  );
}

function FailureAlert({ failure }: { failure: Failure }) {
  const beside = failure.problems?.beside.size ?? 0;
  const elsewhere = failure.problems?.elsewhere ?? [];
  const firstInvalid = () => (document.querySelector('form [aria-invalid="true"]') as HTMLElement | null)?.focus();
  return (
    <div className={styles.alert} role="alert">
      <p>{failure.message}</p>
      {beside > 0 && (
        <p>
          {beside === 1 ? 'One field says' : `${beside} fields say`} what to change.{' '}
          <button type="button" className={styles.textButton} onClick={firstInvalid}>
            Go to the first
          </button>
        </p>
      )}
      {elsewhere.length > 0 && (
        <ul>
          {elsewhere.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
      {failure.conflict && <p>What you typed is kept.</p>}
    </div>
  );
}

function ConflictWays(props: {
  campaignId: string;
  base: number | null;
  latest: number | null;
  busy: Busy;
  onSaveOver: (latest: number) => void;
}) {
  const { campaignId, base, latest, busy } = props;
  const compare =
    base !== null && latest !== null ? `${campaignStudioPath(campaignId)}?from=${base}&to=${latest}` : campaignStudioPath(campaignId);
  return (
    <div className={styles.row}>
      <span>
        <a className={styles.link} href={compare} target="_blank" rel="noreferrer">
          See what changed
        </a>{' '}
        (opens a new tab)
      </span>
      {latest !== null && (
        <button
          type="button"
          className={styles.secondary}
          disabled={busy !== null}
          aria-busy={busy === 'save'}
          onClick={() => props.onSaveOver(latest)}
        >
          {busy === 'save' ? 'Saving…' : 'Save over it'}
        </button>
      )}
    </div>
  );
}

function statusText(status: Status | null, campaignId: string | null): string {
  if (!status && campaignId !== null) return 'No version recorded yet: the form holds what the catalogue has.';
  if (!status) return 'A new campaign, not saved yet.';
  const saved = `saved on ${careWhen(status.createdAt)} by ${status.by}`;
  if (!status.published) return `Version ${status.version}, draft (not published): ${saved}.`;
  if (status.publishedAt) return `Version ${status.version}, published on ${careWhen(status.publishedAt)}.`;
  return `Version ${status.version}, published (${saved}).`;
}

/** The saved draft a publish or a schedule would take; null while the form holds anything else. */
function publishableVersion(campaignId: string | null, base: Base, dirty: boolean): number | null {
  const ready = campaignId !== null && base.status !== null && !base.status.published && base.holdsNewest && !dirty;
  return ready ? base.status!.version : null;
}

/** What to save before a publish or a schedule can take it; null when the form holds the saved newest version. */
function saveFirst(campaignId: string | null, base: Base, dirty: boolean, done: 'published' | 'scheduled'): string | null {
  const what =
    campaignId === null || base.status === null ? 'the campaign' : !base.holdsNewest ? 'this version' : dirty ? 'the changes' : null;
  return what && `Save ${what} first: a saved draft is what is ${done}.`;
}

function publishHint(campaignId: string | null, base: Base, dirty: boolean): string {
  const first = saveFirst(campaignId, base, dirty, 'published');
  if (first || !base.status) return first ?? '';
  if (base.status.published) return `Version ${base.status.version} is published.`;
  return `Publishes version ${base.status.version}: visitors see it within a minute.`;
}

function scheduleHint(campaignId: string | null, base: Base, dirty: boolean): string {
  const first = saveFirst(campaignId, base, dirty, 'scheduled');
  if (first || !base.status) return first ?? '';
  return `Version ${base.status.version} is published: change the campaign and save a draft to schedule it.`;
}

function layoutText(layout: ReturnType<typeof layoutOf>): string {
  if (layout === 'single') return 'The page sells one offer. Cross-sells are offered beside it.';
  if (layout === 'dual') return 'The page sells two offers side by side, in the order below. Cross-sells are offered beside them.';
  return 'No offer is sold on the page yet: tick “Sold on the page” on one or two.';
}
