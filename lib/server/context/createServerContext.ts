import type { Kysely } from 'kysely';
import type { ServerEnv } from '@/lib/server/config/serverEnv';
import { CatalogueCache } from '@/lib/server/catalogue/catalogueCache';
import { CatalogueRepository } from '@/lib/server/catalogue/CatalogueRepository';
import { createCheckoutServices, type CheckoutServices } from '@/lib/server/checkout/checkoutServices';
import type { RenewalDeps } from '@/lib/server/renewals/renewalEngine';
import { createRenewalDeps } from '@/lib/server/renewals/renewalServices';
import { openDatabases } from '@/lib/server/db/openDatabases';
import type { Database } from '@/lib/server/db/schema';
import { createTrackingServices, type TrackingServices } from '@/lib/server/tracking/trackingServices';
import { createIdentityServices } from '@/lib/server/identity/identityServices';
import type { IdentityService } from '@/lib/server/identity/IdentityService';
import type { SessionIdentity } from '@/lib/server/identity/sessionIdentity';
import { createMailServices, type MailServices } from '@/lib/server/mail/mailServices';
import { createOperatorServices, type OperatorServices } from '@/lib/server/operators/operatorServices';
import { RefundService } from '@/lib/server/refunds/RefundService';
import { JobRunner } from '@/lib/server/jobs/JobRunner';
import { JobRunRepository } from '@/lib/server/jobs/JobRunRepository';
import { instanceName } from '@/lib/server/jobs/instanceName';
import { ipCountryDatabase, type IpCountry } from '@/lib/server/geo/ipCountryDatabase';
import { documentPdfRenderer } from '@/lib/server/invoices/documentPdfs';

/**
 * Everything a request's handling needs from the server, made once per process and handed
 * to the API routes (apiRoute's third argument) and the page loaders: the configuration,
 * the clock, both databases, and the services built on them. Nothing here holds state that
 * another instance would need: counters, keys, sessions and the catalogue's version live
 * in the databases, so any instance can take any request.
 */
export interface ServerContext {
  config: ServerEnv;
  clock: () => Date;
  /** The app's database: catalogue, orders, identity. */
  db: Kysely<Database>;
  /** The tracking data's database (lib/server/db/trackingDatabaseUrl). */
  trackingDb: Kysely<Database>;
  /** The catalogue as pages read it: cached, its version checked in the database every CATALOGUE_CACHE_TTL_MS. */
  catalogue: CatalogueCache;
  checkout: CheckoutServices;
  /** The renewal engine's dependencies (lib/server/renewals): the checkout's gateways, the dunning policy. */
  renewals: RenewalDeps;
  /** Refunds through the checkout's gateways, with credit notes (lib/server/refunds). */
  refunds: RefundService;
  tracking: TrackingServices;
  identity: IdentityService;
  /** Who is signed in: the built-in identity, or the external service when IDENTITY_ORIGIN is set. */
  sessions: SessionIdentity;
  /** The back office's operators: sign-in with a second factor, personal API tokens, the directory. */
  operators: OperatorServices;
  /** The mail queue and its worker (sent by the mail job: lib/server/jobs). */
  mail: MailServices;
  /** A client address's country from the offline IP database, read on the first look-up (lib/server/geo). */
  ipCountry: IpCountry;
  /**
   * The background jobs' runner (lib/server/jobs): started only for the process's one context
   * (serverContext.ts, instrumentation.ts); a context a test makes runs nothing by itself.
   */
  jobs: JobRunner;
  /** closeServerContext for this context: the server process calls it on SIGTERM, through the holder. */
  close(): Promise<void>;
}

/** Opens the databases (migrated) and builds the services on them. */
export async function createServerContext(config: ServerEnv, clock: () => Date = () => new Date()): Promise<ServerContext> {
  const { db, trackingDb } = await openDatabases(config);
  const jobs = new JobRunner({ clock, recorder: new JobRunRepository(db, instanceName()) });
  const catalogue = new CatalogueCache(async () => new CatalogueRepository(db), config.CATALOGUE_CACHE_TTL_MS);
  // A receipt's invoice and a refund's credit note go with their mails as PDFs, rendered when sent.
  const attachments = documentPdfRenderer({ db, clock, catalogue });
  const mail = createMailServices(db, config, clock, undefined, () => jobs.kick('mail'), attachments);
  const { identity, sessions } = createIdentityServices(db, config, clock, mail.mailer);
  const checkout = createCheckoutServices(db, config, clock);
  const context: ServerContext = {
    config,
    clock,
    db,
    trackingDb,
    catalogue,
    checkout,
    renewals: createRenewalDeps(db, config, clock, checkout.gateways),
    refunds: new RefundService({
      db,
      gateways: checkout.gateways,
      now: clock,
      origin: config.PUBLIC_ORIGIN?.replace(/\/$/, '') ?? null,
      mailQueued: () => mail.kick(),
    }),
    tracking: createTrackingServices(trackingDb, config, clock),
    identity,
    sessions,
    operators: createOperatorServices(db, config, clock, mail.mailer),
    mail,
    ipCountry: ipCountryDatabase(),
    jobs,
    close: () => closeServerContext(context),
  };
  return context;
}

/**
 * Ends a context: the jobs stop (the runs under way end; the mail job's send under way ends
 * and the rest of its claim is given back to the queue), the tracking store's queued rows are
 * written, then both databases closed.
 */
export async function closeServerContext(context: ServerContext): Promise<void> {
  await context.jobs.stop();
  await context.tracking.store.drain();
  await context.db.destroy();
  await context.trackingDb.destroy();
}
