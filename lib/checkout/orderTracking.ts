import { readSession, writeSession } from '@/lib/browser/sessionStore';
import type { PermissionChoices } from '@/lib/tracking/marketingPermissions';

/**
 * What the success page reports once the order is paid: the buyer's marketing choices.
 * Kept in the tab's session storage from submit to the success page, so they survive a
 * 3-D Secure redirect; taken (read and removed) by the success page, so a reload of it does
 * not report the purchase twice. It holds the visitor's own form answers, no identifier.
 */
export interface OrderTracking {
  marketing: PermissionChoices;
}

const key = (campaignId: string) => `pj:order-tracking:${campaignId}`;

function isChoices(value: unknown): value is PermissionChoices {
  if (typeof value !== 'object' || value === null) return false;
  const choices = value as Record<string, unknown>;
  return ['firstParty', 'otherBrands', 'thirdParty', 'newsletter'].every((field) => typeof choices[field] === 'boolean');
}

export function rememberOrderTracking(campaignId: string, tracking: OrderTracking): void {
  writeSession(key(campaignId), JSON.stringify(tracking));
}

export function takeOrderTracking(campaignId: string): OrderTracking | null {
  const raw = readSession(key(campaignId));
  if (raw === null) return null;
  writeSession(key(campaignId), null);
  try {
    const parsed = JSON.parse(raw) as { marketing?: unknown };
    return isChoices(parsed.marketing) ? { marketing: parsed.marketing } : null;
  } catch {
    return null;
  }
}
