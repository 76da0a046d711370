import type { NextApiRequest } from 'next';
import { z } from 'zod';
import type { WithdrawalAnswer, WithdrawalReceipt } from '@/lib/withdrawal/withdrawalView';
import { idSchema } from '@/lib/server/account/subscriptionActions';
import { requireSignedInEmail } from '@/lib/server/account/signedInEmail';
import { subscriptionServiceFor } from '@/lib/server/account/subscriptionServiceFor';
import type { ServerContext } from '@/lib/server/context/createServerContext';
import { parseRequest } from '@/lib/server/http/apiRoute';
import { consentClient, requestClientKey } from '@/lib/server/http/clientAddress';
import { HttpError } from '@/lib/server/http/HttpError';
import { plainText } from '@/lib/text/plainText';
import { answerWithdrawalLink } from './withdrawalLinks';
import { withdrawalServiceFor } from './withdrawalServiceFor';

/** The account's withdrawal takes nothing but the subscription in its path: an empty body, or none. */
export const accountWithdrawalBodySchema = z.strictObject({});

/** The public page's declaration: the address and the invoice number that identify the contract, a name if given. */
export const publicWithdrawalBodySchema = z.strictObject({
  email: z
    .string()
    .trim()
    .min(1, 'Enter the email address you bought with.')
    .pipe(z.email('Enter a valid email address, like name@example.com.').max(254)),
  invoiceNumber: z
    .string()
    .trim()
    .min(1, 'Enter the invoice number from your purchase e-mail or invoice.')
    .max(64, 'Enter the invoice number as it is printed, like INV-2026-000042.')
    .regex(/^[A-Za-z0-9_-]+$/, 'Enter the invoice number as it is printed, like INV-2026-000042.'),
  name: z.string().check(plainText('name')).trim().max(200, 'Please keep the name under 200 characters.').optional(),
  livemode: z.boolean(),
});

/**
 * POST /api/account/subscriptions/{id}/withdraw: the signed-in owner withdraws from the
 * purchase of their subscription, answered with the receipt. Another person's id is a 404,
 * as an unknown one; one that cannot be withdrawn from is a 409 that says why.
 */
export async function withdrawFromAccount(req: NextApiRequest, server: ServerContext): Promise<{ withdrawal: WithdrawalReceipt }> {
  const { id } = parseRequest(idSchema, req.query, 'query');
  parseRequest(accountWithdrawalBodySchema, req.body ?? {}, 'body');
  const email = await requireSignedInEmail(server, req);
  const subscription = await (await subscriptionServiceFor(server, req)).owned(email, id);
  const service = await withdrawalServiceFor(server, req);
  const contract = await service.contractOf(subscription);
  if (!contract) throw new HttpError(404, 'subscription_not_found', 'We could not find this subscription in your account.');
  await service.withdrawFromAccount(contract, { client: consentClient(req, server.config) });
  const receipt = await service.receiptOf((await service.contractOf(subscription))!);
  return { withdrawal: receipt! };
}

/** A link of the acknowledgment carries one token (newSecret's shape is checked before any lookup). */
export const withdrawalAnswerBodySchema = z.strictObject({ token: z.string().max(100) });

/**
 * POST /api/withdraw/answer: the subscriber uses a link of a public withdrawal's
 * acknowledgment, "confirm" or "this was not me". A bad token is a 400, a spent or expired one a 410.
 */
export async function answerWithdrawal(req: NextApiRequest, server: ServerContext): Promise<WithdrawalAnswer> {
  const { token } = parseRequest(withdrawalAnswerBodySchema, req.body, 'body');
  const service = await withdrawalServiceFor(server, req);
  return answerWithdrawalLink({ db: server.db, now: server.clock, service }, token);
}

/** POST /api/withdraw: a declaration on the public page, answered alike whether or not it matched a purchase. */
export async function declareWithdrawal(req: NextApiRequest, server: ServerContext): Promise<{ received: true; receivedAt: string }> {
  const body = parseRequest(publicWithdrawalBodySchema, req.body, 'body');
  const service = await withdrawalServiceFor(server, req);
  const { receivedAt } = await service.declare({
    email: body.email,
    invoiceNumber: body.invoiceNumber,
    name: body.name || null,
    livemode: body.livemode,
    client: consentClient(req, server.config),
    clientKey: requestClientKey(req, server.config),
  });
  return { received: true, receivedAt };
}
