import type { IncomingMessage } from 'node:http';
import type { ServerContext } from '@/lib/server/context/createServerContext';
import { publicOrigin } from '@/lib/server/http/publicOrigin';
import { mailNotices } from '@/lib/server/subscriptions/mailNotices';
import { SubscriptionService } from '@/lib/server/subscriptions/SubscriptionService';
import { brandLooks } from './brandLooks';

/** The subscription service for one request: its e-mails link back to the site the request reached. */
export async function subscriptionServiceFor(server: ServerContext, req: Pick<IncomingMessage, 'headers'>): Promise<SubscriptionService> {
  const notices = mailNotices(() => publicOrigin(server.config, req), brandLooks(await server.catalogue.get()));
  return new SubscriptionService(server.db, server.checkout.gateways, notices, server.clock);
}
