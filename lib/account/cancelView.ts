import type { MessageKey } from '@/lib/i18n/messageKey';
import type { CANCEL_REASON_CHOICES } from '@/lib/subscriptions/cancelReasons';

/** The public cancel page (§ 312k BGB): the brands one can cancel, in the mode of the visit. */
export interface CancelPageProps {
  brands: { slug: string; name: string }[];
  livemode: boolean;
  /** A brand to preselect (?brand=), when it is one of them. */
  brand: string | null;
}

/** The page a "Keep my subscription" link opens: what it keeps, or why it cannot (the server's code, worded by the page). */
export type KeepPageProps =
  | { state: 'ready'; token: string; brandName: string; offerName: string; livemode: boolean }
  | { state: 'refused'; code: string; livemode: boolean };

/** The body of POST /api/cancel. */
export interface CancelDeclarationRequest {
  email: string;
  brand: string;
  reason?: string;
  livemode: boolean;
}

/** Each reason the account's cancel page offers, in the page's words; the stored reason stays the English choice. */
export const CANCEL_REASON_LABELS: Readonly<Record<(typeof CANCEL_REASON_CHOICES)[number], MessageKey>> = {
  'Too expensive': 'cancel.reason.tooExpensive',
  'I do not read it enough': 'cancel.reason.notReading',
  'I found another source': 'cancel.reason.anotherSource',
  'Technical problems': 'cancel.reason.technical',
  'Another reason': 'cancel.reason.other',
};
