/** The public cancel page (§ 312k BGB): the brands one can cancel, in the mode of the visit. */
export interface CancelPageProps {
  brands: { slug: string; name: string }[];
  livemode: boolean;
  /** A brand to preselect (?brand=), when it is one of them. */
  brand: string | null;
}

/** The page a "Keep my subscription" link opens: what it keeps, or why it cannot. */
export type KeepPageProps =
  | { state: 'ready'; token: string; brandName: string; offerName: string; livemode: boolean }
  | { state: 'refused'; message: string; livemode: boolean };

/** The body of POST /api/cancel. */
export interface CancelDeclarationRequest {
  email: string;
  brand: string;
  reason?: string;
  livemode: boolean;
}
