import type { NextApiRequest } from 'next';
import { z } from 'zod';
import type { RenewalPaymentResponse } from '@/lib/account/cardChange';
import { DEFAULT_LOCALE } from '@/lib/i18n/locales';
import { failureAtCheckout } from '@/lib/payments/failureWording';
import { serverWords } from '@/lib/server/i18n/pageI18n';
import type { ServerContext } from '@/lib/server/context/createServerContext';
import { parseRequest } from '@/lib/server/http/apiRoute';
import { HttpError } from '@/lib/server/http/HttpError';
import { settleHeldRenewal } from '@/lib/server/renewals/renewalConfirmation';
import { runRenewalsOf } from '@/lib/server/renewals/renewalEngine';
import { RenewalRepository } from '@/lib/server/renewals/RenewalRepository';
import { summariesOf } from './accountService';
import { idSchema } from './subscriptionActions';
import { requireSignedInEmail } from './signedInEmail';
import { subscriptionServiceFor } from './subscriptionServiceFor';

const emptyBody = z.strictObject({});

/**
 * The signed-in subscriber confirms a renewal their bank held for them (3-D Secure on an
 * off-session charge): the first call answers the bank's check to do, the call after it
 * (back from the bank's page, or once Stripe.js has shown the check) records the payment.
 * Another person's id is a 404; a subscription with no payment held is a 409.
 */
export async function confirmRenewalPayment(req: NextApiRequest, server: ServerContext): Promise<RenewalPaymentResponse> {
  const { id } = parseRequest(idSchema, req.query, 'query');
  parseRequest(emptyBody, req.body ?? {}, 'body');
  const email = await requireSignedInEmail(server, req);
  const service = await subscriptionServiceFor(server, req);
  const settled = await settleHeldRenewal(server.renewals, await service.owned(email, id));
  if (settled.status === 'none') {
    throw new HttpError(
      409,
      'no_held_payment',
      'No payment of this subscription is waiting for your bank. Your account shows where it stands.',
    );
  }
  if (settled.status === 'requires_action') return settled;
  if (settled.status === 'paid') {
    // Its next step (the next renewal, its notices) is scheduled from the paid period.
    await new RenewalRepository(server.db).dueNow(id, server.clock());
    await runRenewalsOf(server.renewals, id);
    server.mail.kick();
  }
  const [subscription] = await summariesOf(server, [await service.owned(email, id)]);
  return settled.status === 'paid'
    ? { status: 'paid', subscription: subscription! }
    : {
        status: 'failed',
        code: settled.code,
        message: serverWords(DEFAULT_LOCALE).t(failureAtCheckout(settled.code)),
        subscription: subscription!,
      };
}
