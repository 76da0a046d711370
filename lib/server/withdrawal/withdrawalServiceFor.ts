import type { IncomingMessage } from 'node:http';
import { brandLooks } from '@/lib/server/account/brandLooks';
import { subscriptionServiceAt, subscriptionServiceFor } from '@/lib/server/account/subscriptionServiceFor';
import type { ServerContext } from '@/lib/server/context/createServerContext';
import { HttpError } from '@/lib/server/http/HttpError';
import { publicOrigin } from '@/lib/server/http/publicOrigin';
import { WithdrawalService } from './WithdrawalService';

type Server = Pick<ServerContext, 'config' | 'catalogue' | 'db' | 'checkout' | 'clock' | 'refunds' | 'mail'>;

/** The withdrawal service for one request: its e-mails link back to the site the request reached. */
export async function withdrawalServiceFor(server: Server, req: Pick<IncomingMessage, 'headers'>): Promise<WithdrawalService> {
  return new WithdrawalService({
    db: server.db,
    now: server.clock,
    refunds: server.refunds,
    subscriptions: await subscriptionServiceFor(server, req),
    brands: brandLooks(await server.catalogue.get()),
    origin: () => publicOrigin(server.config, req),
    mailQueued: () => server.mail.kick(),
  });
}

/**
 * The same for background work on a declaration answered earlier (the passes that examine
 * public declarations and apply waiting withdrawals): its e-mails link to the origin that
 * declaration reached, else PUBLIC_ORIGIN.
 */
export async function withdrawalServiceAt(server: Server, origin: string | null): Promise<WithdrawalService> {
  const site = origin ?? server.config.PUBLIC_ORIGIN?.replace(/\/$/, '') ?? null;
  return new WithdrawalService({
    db: server.db,
    now: server.clock,
    refunds: server.refunds,
    subscriptions: await subscriptionServiceAt(server, origin),
    brands: brandLooks(await server.catalogue.get()),
    origin: () => {
      if (site) return site;
      throw new HttpError(503, 'public_origin_missing', 'The site address (PUBLIC_ORIGIN) is not configured.');
    },
    mailQueued: () => server.mail.kick(),
  });
}
