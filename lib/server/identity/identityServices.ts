import { appDb } from '../db/appDb';
import { IdentityService } from './IdentityService';
import { OutboxMailer } from './Mailer';

const holder = globalThis as typeof globalThis & { __identity?: Promise<IdentityService> };

/** The server's identity service: the built-in one, mailing to the outbox. */
export function identityService(): Promise<IdentityService> {
  holder.__identity ??= appDb().then((db) => new IdentityService(db, new OutboxMailer(db)));
  return holder.__identity;
}
