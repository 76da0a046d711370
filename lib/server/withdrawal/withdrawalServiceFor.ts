import type { IncomingMessage } from 'node:http';
import { brandLooks } from '@/lib/server/account/brandLooks';
import { subscriptionServiceFor } from '@/lib/server/account/subscriptionServiceFor';
import type { ServerContext } from '@/lib/server/context/createServerContext';
import { publicOrigin } from '@/lib/server/http/publicOrigin';
import { WithdrawalService } from './WithdrawalService';

/** The withdrawal service for one request: its e-mails link back to the site the request reached. */
export async function withdrawalServiceFor(server: ServerContext, req: Pick<IncomingMessage, 'headers'>): Promise<WithdrawalService> {
  return new WithdrawalService({
    db: server.db,
    now: server.clock,
    refunds: server.refunds,
    subscriptions: await subscriptionServiceFor(server, req),
    brands: brandLooks(await server.catalogue.get()),
    origin: () => publicOrigin(server.config, req),
    mailQueued: () => server.mail.worker.kick(),
  });
}
