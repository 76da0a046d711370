import type { IncomingMessage } from 'node:http';
import type { ServerContext } from '@/lib/server/context/createServerContext';
import { HttpError } from '@/lib/server/http/HttpError';
import { publicOrigin } from '@/lib/server/http/publicOrigin';
import { mailNotices } from '@/lib/server/subscriptions/mailNotices';
import { SubscriptionService } from '@/lib/server/subscriptions/SubscriptionService';
import { brandLooks } from './brandLooks';

type Server = Pick<ServerContext, 'config' | 'catalogue' | 'db' | 'checkout' | 'clock'>;

/** The subscription service for one request: its e-mails link back to the site the request reached. */
export async function subscriptionServiceFor(server: Server, req: Pick<IncomingMessage, 'headers'>): Promise<SubscriptionService> {
  const notices = mailNotices(() => publicOrigin(server.config, req), brandLooks(await server.catalogue.get()));
  return new SubscriptionService(server.db, server.checkout.gateways, notices, server.clock);
}

/**
 * The same for background work done for a request answered earlier (the cancel page's
 * declarations): its e-mails link to the origin that request reached, else PUBLIC_ORIGIN.
 */
export async function subscriptionServiceAt(server: Server, origin: string | null): Promise<SubscriptionService> {
  const site = origin ?? server.config.PUBLIC_ORIGIN?.replace(/\/$/, '') ?? null;
  const originOf = () => {
    if (site) return site;
    throw new HttpError(503, 'public_origin_missing', 'The site address (PUBLIC_ORIGIN) is not configured.');
  };
  return new SubscriptionService(
    server.db,
    server.checkout.gateways,
    mailNotices(originOf, brandLooks(await server.catalogue.get())),
    server.clock,
  );
}
