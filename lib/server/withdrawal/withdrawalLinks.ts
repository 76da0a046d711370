import type { Reader } from '@/lib/server/i18n/subscriberWords';
import type { Kysely } from 'kysely';
import { automaticWithdrawalAt, OBJECTION_WINDOW_DAYS } from '@/lib/withdrawal/withdrawalPolicy';
import type { WithdrawalAnswer, WithdrawalLinkView } from '@/lib/withdrawal/withdrawalView';
import type { Database } from '@/lib/server/db/schema';
import { HttpError } from '@/lib/server/http/HttpError';
import { SubscriptionRepository } from '@/lib/server/subscriptions/SubscriptionRepository';
import { WithdrawalLinkRepository } from './WithdrawalLinkRepository';
import { WithdrawalRepository } from './WithdrawalRepository';
import type { Contract, WithdrawalService } from './WithdrawalService';

export const LINK_MESSAGES = {
  invalid: 'This link is not valid. Please open the link from your e-mail again.',
  expired: `This link has expired: with no answer within ${OBJECTION_WINDOW_DAYS} days, the withdrawal is carried out as declared. If it was not you, please contact our customer care.`,
  used: 'This link was already used: the withdrawal has been answered. Your account shows where your subscription stands.',
} as const;

/** The waiting withdrawal a link of the acknowledgment names, and what the link does; a 400 or 410 that says why not. */
async function linked(db: Kysely<Database>, service: WithdrawalService, token: string, now: Date) {
  const found = await new WithdrawalLinkRepository(db).find(token, now);
  if (!found.ok)
    throw new HttpError(found.reason === 'invalid' ? 400 : 410, `withdrawal_link_${found.reason}`, LINK_MESSAGES[found.reason]);
  const withdrawal = await new WithdrawalRepository(db).findById(found.withdrawalId);
  // Answered by the other link (or applied) while this one was unused: as if this one were used.
  if (!withdrawal?.subscriptionId || withdrawal.appliedAt || withdrawal.objectedAt) {
    throw new HttpError(410, 'withdrawal_link_used', LINK_MESSAGES.used);
  }
  const subscription = await new SubscriptionRepository(db, () => now).findById(withdrawal.subscriptionId);
  const contract: Contract | null = subscription ? await service.contractOf(subscription) : null;
  if (!contract) throw new HttpError(400, 'withdrawal_link_invalid', LINK_MESSAGES.invalid);
  return { purpose: found.purpose, withdrawal, contract };
}

/** What a link of the acknowledgment names, for its page, without using it (a mail scanner's GET changes nothing). */
export async function withdrawalLinkView(
  deps: { db: Kysely<Database>; now: () => Date; service: WithdrawalService; brandName: (slug: string) => string },
  token: string,
): Promise<WithdrawalLinkView & { reader: Reader }> {
  const { purpose, withdrawal, contract } = await linked(deps.db, deps.service, token, deps.now());
  return {
    reader: { locale: contract.subscription.locale, timeZone: contract.subscription.timeZone },
    purpose,
    token,
    brandName: deps.brandName(contract.transaction.brandSlug),
    offerName: contract.transaction.order.offer.name,
    invoiceNumber: contract.transaction.invoiceNumber ?? contract.transaction.id,
    receivedAt: withdrawal.declaredAt,
    automaticAt: automaticWithdrawalAt(withdrawal.declaredAt),
    livemode: contract.subscription.livemode,
  };
}

/**
 * Uses a link of the acknowledgment: "confirm" applies the withdrawal (ended, e-mailed,
 * refunded once) and answers its receipt; "this was not me" keeps the subscription and tells
 * customer care. Either spends both links; a second use is a 410 that says so.
 */
export async function answerWithdrawalLink(
  deps: { db: Kysely<Database>; now: () => Date; service: WithdrawalService },
  token: string,
): Promise<WithdrawalAnswer> {
  const { purpose, withdrawal, contract } = await linked(deps.db, deps.service, token, deps.now());
  if (purpose === 'object') {
    if (!(await deps.service.object(withdrawal))) throw new HttpError(410, 'withdrawal_link_used', LINK_MESSAGES.used);
    return { answer: 'objected', offerName: contract.transaction.order.offer.name };
  }
  await deps.service.applyDeclared(withdrawal);
  const receipt = await deps.service.receiptOf((await deps.service.contractOf(contract.subscription))!);
  return { answer: 'confirmed', withdrawal: receipt! };
}
