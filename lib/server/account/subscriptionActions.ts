import type { NextApiRequest } from 'next';
import { z } from 'zod';
import type { SubscriptionSummary } from '@/lib/account/accountView';
import { billingSchemas } from '@/lib/checkout/billing';
import type { ServerContext } from '@/lib/server/context/createServerContext';
import { parseRequest } from '@/lib/server/http/apiRoute';
import { HttpError } from '@/lib/server/http/HttpError';
import { CLOCK_ADVANCES } from '@/lib/account/testClock';
import { moveTestClock } from '@/lib/server/renewals/testClock';
import { summariesOf } from './accountService';
import { requireSignedInEmail } from './signedInEmail';
import { subscriptionServiceFor } from './subscriptionServiceFor';
import { plainLines } from '@/lib/text/plainText';

export const idSchema = z.strictObject({ id: z.string().regex(/^sub_[a-z2-7]{16}$/, 'must be a subscription id') });

/** Why a subscriber cancels, when they say: a short choice or a few words, never required. */
export const cancelBodySchema = z.strictObject({
  reason: z.string().check(plainLines('reason')).trim().max(500, 'Please keep the reason under 500 characters.').optional(),
});

export const deliveryAddressBodySchema = z.strictObject({ address: z.unknown() });

export const businessBodySchema = z.strictObject({
  companyName: z.string().max(500, 'The company’s name must be at most 120 characters.'),
  vatNumber: z.string().max(100, 'The VAT number must be at most 24 characters.').optional(),
});

export const clockBodySchema = z.strictObject({ advance: z.enum(CLOCK_ADVANCES, "must be 'day', 'next-notice' or 'next-renewal'") });

type Action = 'cancel' | 'resume' | 'delivery-address' | 'business' | 'clock';

/**
 * One signed-in subscriber's change to their own subscription, answered with the
 * subscription as the account shows it. Another person's id is a 404, as an unknown one.
 */
export async function changeSubscription(
  req: NextApiRequest,
  server: ServerContext,
  action: Action,
): Promise<{ subscription: SubscriptionSummary }> {
  const { id } = parseRequest(idSchema, req.query, 'query');
  const email = await requireSignedInEmail(server, req);
  const service = await subscriptionServiceFor(server, req);
  let changed;
  if (action === 'cancel') {
    const { reason } = parseRequest(cancelBodySchema, req.body ?? {}, 'body');
    changed = await service.cancel(email, id, { reason: reason || null, channel: 'account' });
  } else if (action === 'resume') {
    changed = await service.resume(email, id);
  } else if (action === 'clock') {
    const { advance } = parseRequest(clockBodySchema, req.body, 'body');
    await moveTestClock(server.renewals, server.config, await service.owned(email, id), advance);
    changed = await service.owned(email, id);
  } else if (action === 'business') {
    const { companyName, vatNumber } = parseRequest(businessBodySchema, req.body, 'body');
    changed = await service.changeBusiness(email, id, { companyName, vatNumber: vatNumber ?? '' });
  } else {
    const { address } = parseRequest(deliveryAddressBodySchema, req.body, 'body');
    const parsed = billingSchemas().deliveryAddress.safeParse(address);
    if (!parsed.success) throw new HttpError(400, 'invalid_address', parsed.error.issues[0]?.message ?? 'Please check the address.');
    changed = await service.changeDeliveryAddress(email, id, parsed.data);
  }
  server.mail.kick();
  const [subscription] = await summariesOf(server, [changed]);
  return { subscription: subscription! };
}
