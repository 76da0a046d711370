import Cookies from 'js-cookie';
import type { AuthEvent } from '@/lib/identity/authMachine';
import { SESSION_EXPIRY_COOKIE } from '@/lib/identity/sessionCookieNames';
import { type MarketingPermissionsEvent } from './events';
import { buildMarketingPermissions } from './orderEvents';

export interface PermissionChoices {
  firstParty: boolean;
  otherBrands: boolean;
  thirdParty: boolean;
  newsletter: boolean;
}

/** The newsletter a brand's newsletter box signs up to. */
export function newsletterIdFor(brandSlug: string): string {
  return `${brandSlug}-newsletter`;
}

/**
 * The marketing-permissions event of a placed order. The buyer's user id (amg_uuid) is
 * known only when they are signed in; only then is the identity service asked for it.
 */
export async function marketingPermissionsEvent(input: {
  choices: PermissionChoices;
  email: string;
  country: string;
  brandSlug: string;
  campaignId: string;
  livemode: boolean;
  /** The identity check (the API client's verifySession), asked only for a signed-in buyer. */
  verifySession: (livemode: boolean) => Promise<AuthEvent>;
}): Promise<MarketingPermissionsEvent> {
  const signedIn = Boolean(Cookies.get(SESSION_EXPIRY_COOKIE));
  const verified = signedIn ? await input.verifySession(input.livemode) : null;
  return buildMarketingPermissions({
    timestamp: Date.now(),
    first_pp: input.choices.firstParty,
    third_pp: input.choices.thirdParty,
    newsletter_perm: input.choices.newsletter,
    newsletter_perm_id: input.choices.newsletter ? newsletterIdFor(input.brandSlug) : null,
    first_pp_other_brands: input.choices.otherBrands,
    amg_uuid: verified?.type === 'verified' ? verified.amgUUID : null,
    email: input.email,
    country: input.country,
    brand: input.brandSlug,
    campaignId: input.campaignId,
  });
}
