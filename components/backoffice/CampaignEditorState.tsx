import { useCallback, useEffect, useEffectEvent, useMemo, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { isApiError } from '@/lib/api/apiErrors';
import type { DraftInput } from '@/lib/campaigns/campaignDraft';
import { draftToForm, formSignature, formToDraft, type CampaignForm, type FlowForm } from '@/lib/campaigns/draftForm';
import type { RandomBytes } from '@/lib/campaigns/couponBatch';
import { addCodeBatch, removeBatch, type CodeBatchForm, type CodeBatchProblem } from '@/lib/campaigns/draftFormBatch';
import { currencyForLocale } from '@/lib/campaigns/draftFormChoices';
import {
  addCoupon,
  addOffer,
  adoptSavedDraft,
  changeTimeZone,
  moveOffer,
  offerWithNewPrice,
  removeCoupon,
  removeOffer,
  updateCoupon,
  updateOffer,
} from '@/lib/campaigns/draftFormEdits';
import {
  batchControl,
  couponControl,
  groupProblems,
  latestVersionOf,
  offerControl,
  placeProblems,
  problemsByField,
  type PlacedProblems,
} from '@/lib/campaigns/draftFormProblems';
import { parseStoredForm, storageKey, storedForm } from '@/lib/campaigns/draftFormStorage';
import type { CampaignEditorPageProps } from '@/lib/campaigns/studioViews';
import { DEFAULT_STUDIO_TIME_ZONE } from '@/lib/campaigns/zonedTime';
import { campaignStudioApi, type SavedDraft } from '@/lib/operators/campaignStudioApi';
import { campaignEditorPath } from '@/lib/operators/operatorPaths';
import { controlId } from './CampaignEditorInputs';
import type { CouponChange } from './CampaignEditorCoupon';
import { offerButtonId, type OfferActions } from './CampaignEditorOffer';

/** The newest version as the page shows it; publishedAt when the server gives it (else only that it is published). */
export type Status = NonNullable<CampaignEditorPageProps['status']> & { publishedAt?: string | null };

/** What the form is measured against: the version it opened on, or the one its last save made. */
export interface Base {
  version: number | null;
  status: Status | null;
  form: CampaignForm;
  signature: string;
  /** False while the form holds a restored older version, not the newest's content. */
  holdsNewest: boolean;
}

export interface Failure {
  message: string;
  problems: PlacedProblems | null;
  /** A 409 edited_meanwhile: the newest version, when the answer names it. */
  conflict: { latest: number | null } | null;
}

export type Busy = 'save' | 'publish' | null;

export const ADD_OFFER_ID = 'ce-add-offer';
export const ADD_COUPON_ID = 'ce-add-coupon';
export const ADD_CODES_ID = 'ce-add-codes';

/**
 * The saved version the form holds unchanged, whose single-use codes the server can list;
 * null while there is none (a new campaign, one never saved here) or the form says more.
 * Unlike a publish, a published version's codes are still there to take.
 */
export function savedVersion(campaignId: string | null, base: Base, dirty: boolean): number | null {
  return campaignId !== null && base.status !== null && base.holdsNewest && !dirty ? base.status.version : null;
}

function openingBase(props: CampaignEditorPageProps): Base {
  const form = draftToForm(props.draft, DEFAULT_STUDIO_TIME_ZONE);
  return {
    version: props.baseVersion,
    status: props.status,
    form,
    signature: formSignature(form),
    holdsNewest: props.restoredFrom === null,
  };
}

/** The editor's state: the form, what it is measured against, and the calls that save and publish it. */
export function useCampaignEditor(props: CampaignEditorPageProps) {
  const [base, setBase] = useState<Base>(() => openingBase(props));
  const [form, setForm] = useState<CampaignForm>(() => base.form);
  const [said, setSaid] = useState('');
  const signature = useMemo(() => formSignature(form), [form]);
  const dirty = signature !== base.signature;
  const key = storageKey(props.campaignId, base.version);
  const kept = useKeptForm(key, form, dirty, base.signature, setForm);
  const calls = useEditorCalls({ props, form, base, key, kept, setForm, setBase, setSaid });
  const discard = () => {
    setForm(base.form);
    kept.forget(key);
    kept.dismiss();
    setSaid('Your unsaved changes were discarded.');
  };
  return { form, setForm, base, dirty, said, setSaid, restored: kept.restored, discard, ...calls };
}

type Kept = ReturnType<typeof useKeptForm>;

function useEditorCalls(state: {
  props: CampaignEditorPageProps;
  form: CampaignForm;
  base: Base;
  key: string;
  kept: Kept;
  setForm: Dispatch<SetStateAction<CampaignForm>>;
  setBase: Dispatch<SetStateAction<Base>>;
  setSaid: (said: string) => void;
}) {
  const { props, form, base, key, kept, setForm, setBase, setSaid } = state;
  const { campaignId } = props;
  const [busy, setBusy] = useState<Busy>(null);
  const [failure, setFailure] = useState<Failure | null>(null);

  const adopt = (answer: SavedDraft, sent: CampaignForm) => {
    const savedForm = adoptSavedDraft(sent, sent, answer.draft);
    setForm((current) => adoptSavedDraft(current, sent, answer.draft));
    kept.forget(key);
    kept.dismiss();
    const createdAt = new Date().toISOString();
    const status: Status = { version: answer.version, published: false, createdAt, by: props.operator.name, publishedAt: null };
    setBase({ version: answer.version, status, form: savedForm, signature: formSignature(savedForm), holdsNewest: true });
    setSaid(`Saved as version ${answer.version} (draft).`);
  };

  const create = async (draft: DraftInput) => {
    const answer = await campaignStudioApi.create(draft);
    kept.forget(key);
    kept.leave();
    setSaid(`Saved as version ${answer.version} (draft). Opening its editor…`);
    window.location.assign(campaignEditorPath(answer.campaignId));
  };

  /** Saves the form on `onVersion` (the base, or the newest after a conflict). */
  const save = async (onVersion: number | null) => {
    if (busy) return;
    const sent = form;
    const result = formToDraft(sent);
    setSaid('');
    if (!result.ok) {
      const problems = placeProblems(groupProblems(result.problems), sent);
      setFailure({ message: 'The draft was not saved: some fields need a change.', problems, conflict: null });
      return;
    }
    setBusy('save');
    setFailure(null);
    let navigating = false;
    try {
      if (campaignId === null) {
        await create(result.draft);
        navigating = true;
      } else {
        // The first save of a restored version says so, for the audit log.
        const restoredFrom = base.holdsNewest ? undefined : (props.restoredFrom ?? undefined);
        adopt(await campaignStudioApi.save(campaignId, onVersion, result.draft, restoredFrom), sent);
      }
    } catch (error) {
      setFailure(failureOf(error, sent));
    } finally {
      // Still busy while the browser opens the new campaign's editor: nothing to press twice.
      if (!navigating) setBusy(null);
    }
  };

  const publish = async () => {
    if (busy || campaignId === null || base.version === null) return;
    setBusy('publish');
    setFailure(null);
    setSaid('');
    try {
      const answer = await campaignStudioApi.publish(campaignId, base.version);
      const publishedAt = new Date().toISOString();
      setBase((was) => ({ ...was, status: was.status && { ...was.status, published: true, publishedAt } }));
      setSaid(`Published version ${answer.version}.`);
    } catch (error) {
      setFailure(failureOf(error, form));
    } finally {
      setBusy(null);
    }
  };

  return { busy, failure, save, publish };
}

/** What went wrong, in words a marketer can act on; a refused draft's problems placed beside their fields. */
function failureOf(error: unknown, sent: CampaignForm): Failure {
  if (!isApiError(error)) {
    const message = error instanceof Error ? error.message : 'Something went wrong.';
    return { message: `${message} What you typed is kept: try again.`, problems: null, conflict: null };
  }
  if (error.code === 'edited_meanwhile' || error.status === 409) {
    return { message: error.message, problems: null, conflict: { latest: latestVersionOf(error.details) } };
  }
  if (error.kind !== 'refused') return { message: `${error.message} What you typed is kept.`, problems: null, conflict: null };
  const problems = error.details.length ? placeProblems(problemsByField(error.details), sent) : null;
  // The server's own sentence repeats the first field's words: the fields say those.
  return { message: problems ? 'Nothing was changed: the fields marked below say what to fix.' : error.message, problems, conflict: null };
}

/** The form's changes that are not typing: adding, moving and removing entries, each announced and focused. */
export function useFormChanges(
  form: CampaignForm,
  setForm: Dispatch<SetStateAction<CampaignForm>>,
  setSaid: (said: string) => void,
  brandLocale: string,
) {
  const focusLater = useFocusLater();
  const nameOf = (offerKey: string) => form.offers.find((offer) => offer.key === offerKey)?.name.trim() || 'The offer';
  const offerActions: OfferActions = {
    onChange: (offerKey, change) => setForm((current) => updateOffer(current, offerKey, change)),
    onMove: (offerKey, step) => {
      const at = form.offers.findIndex((offer) => offer.key === offerKey);
      setForm((current) => moveOffer(current, offerKey, step));
      focusLater(offerButtonId(offerKey, step < 0 ? 'up' : 'down'));
      setSaid(`${nameOf(offerKey)} is offer ${at + 1 + step} now.`);
    },
    onRemove: (offerKey) => {
      setForm((current) => removeOffer(current, offerKey));
      focusLater(ADD_OFFER_ID);
      setSaid(`${nameOf(offerKey)} was removed from the campaign.`);
    },
    onNewPrice: (offerKey) => {
      const next = offerWithNewPrice(form, offerKey);
      setForm(next.form);
      focusLater(controlId(offerControl(next.key, 'price')));
      setSaid(`${nameOf(offerKey)} is a new offer for new buyers now: set its price. Its subscribers keep theirs.`);
    },
  };
  return {
    offerActions,
    onFlow: (change: Partial<Omit<FlowForm, 'base'>>) => setForm((current) => ({ ...current, flow: { ...current.flow, ...change } })),
    onTimeZone: (zone: string) => setForm((current) => changeTimeZone(current, zone)),
    onDefault: (isDefault: boolean) => setForm((current) => ({ ...current, isDefault })),
    onCoupon: (couponKey: string, change: CouponChange) => setForm((current) => updateCoupon(current, couponKey, change)),
    addAnOffer: () => {
      const next = addOffer(form, currencyForLocale(form.flow.locale || brandLocale));
      setForm(next.form);
      focusLater(controlId(offerControl(next.key, 'name')));
      setSaid(`Offer ${next.form.offers.length} added.`);
    },
    addACoupon: () => {
      const next = addCoupon(form);
      setForm(next.form);
      focusLater(controlId(couponControl(next.key, 'code')));
      setSaid(`Coupon ${next.form.coupons.length} added.`);
    },
    removeACoupon: (couponKey: string) => {
      setForm((current) => removeCoupon(current, couponKey));
      focusLater(ADD_COUPON_ID);
      setSaid('The coupon was removed from the campaign.');
    },
    /** Adds the codes the sub-form asks for, or gives back what keeps it from doing so (the form unchanged). */
    addCodes: (request: CodeBatchForm, random: RandomBytes): CodeBatchProblem[] => {
      const added = addCodeBatch(form, request, random);
      if (!added.ok) return added.problems;
      setForm(added.form);
      const count = added.codes.length;
      if (added.batch === '') {
        focusLater(controlId(couponControl(added.key, 'code')));
        setSaid(`A single-use code was added: ${added.codes[0]}.`);
      } else {
        focusLater(controlId(batchControl(added.batch)));
        const made = count === 1 ? 'One single-use code was added' : `${count} single-use codes were added`;
        setSaid(added.size > count ? `${made} to the batch with the same terms: ${added.size} codes in all.` : `${made}.`);
      }
      return [];
    },
    removeABatch: (batch: string) => {
      const count = form.coupons.filter((coupon) => coupon.batch === batch).length;
      setForm((current) => removeBatch(current, batch));
      focusLater(ADD_CODES_ID);
      setSaid(`The ${count} single-use codes were removed from the campaign.`);
    },
  };
}

/**
 * Unsaved changes kept in the tab (sessionStorage, under the campaign and the version they
 * were made on) and brought back on a reload; leaving with some asks first.
 */
function useKeptForm(
  key: string,
  form: CampaignForm,
  dirty: boolean,
  baseSignature: string,
  setForm: Dispatch<SetStateAction<CampaignForm>>,
) {
  const [checked, setChecked] = useState(false);
  const [restored, setRestored] = useState(false);
  const leaving = useRef(false);
  const restore = useEffectEvent(() => {
    const stored = parseStoredForm(readKept(key));
    if (stored && formSignature(stored) !== baseSignature) {
      setForm(stored);
      setRestored(true);
    }
    setChecked(true);
  });
  // Once, on opening: the server's page cannot know what the tab kept.
  useEffect(() => restore(), []);
  useEffect(() => {
    if (!checked) return;
    if (dirty) writeKept(key, storedForm(form));
    else forgetKept(key);
  }, [checked, dirty, key, form]);
  useEffect(() => {
    if (!dirty) return undefined;
    const warn = (event: BeforeUnloadEvent) => {
      if (leaving.current) return;
      event.preventDefault();
      // Older browsers ask only when a value is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  return {
    restored,
    dismiss: () => setRestored(false),
    forget: forgetKept,
    /** The page leaves on purpose (to the saved campaign's editor): no question. */
    leave: () => {
      leaving.current = true;
    },
  };
}

// A tab without storage (a private window's quota, a policy) still edits; it only keeps nothing.
function readKept(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeKept(key: string, value: string): void {
  try {
    window.sessionStorage.setItem(key, value);
  } catch {
    // Nothing kept: the form itself still holds every value.
  }
}

function forgetKept(key: string): void {
  try {
    window.sessionStorage.removeItem(key);
  } catch {
    // As above.
  }
}

/** Focus moved to an element once the render that makes (or moves) it is done: a new offer's name, a moved offer's button. */
function useFocusLater() {
  const pending = useRef<string | null>(null);
  useEffect(() => {
    if (pending.current === null) return;
    document.getElementById(pending.current)?.focus();
    pending.current = null;
  });
  return useCallback((id: string) => {
    pending.current = id;
  }, []);
}
