import type { Words } from '@/lib/i18n/words';
import { failureWhenPastDue } from '@/lib/payments/failureWording';
import { renewalOf } from '@/lib/payments/methods';
import type { SubscriptionSummary } from './accountView';

/** A past-due subscription's block in the reader's language: why, what happens next, our dates, and what to do at a wallet. */
export interface PastDueWords {
  reason: string;
  next: string;
  /** "You keep access until …; … ends on …", where our dates hold (not where the wallet decides). */
  dates: string | null;
  /** For a wallet, what to do there and its link; a card's is the card page. */
  walletFix: { text: string; label: string; href: string } | null;
  /** The bank holds the payment until the subscriber confirms it (3-D Secure): the card page offers that first. */
  awaitsBank: boolean;
}

/**
 * Why a renewal is unpaid and what comes next, as the account says it: a card's failure in
 * the one wording of payment failures (`failures.<code>.pastDue`), a wallet's in its own
 * words; our next try, or the bank's wish to hear from the subscriber. Null when it is paid.
 */
export function pastDueWords(
  words: Words,
  subscription: Pick<SubscriptionSummary, 'facts' | 'paymentChange' | 'livemode'>,
): PastDueWords | null {
  const facts = subscription.facts.pastDue;
  if (!facts) return null;
  const { t } = words;
  const change = subscription.paymentChange === 'card' ? null : renewalOf(subscription.paymentChange);
  const wallet =
    subscription.paymentChange !== 'card' && change?.pastDue && change.paymentChange.where === 'provider'
      ? { words: change.pastDue, url: change.paymentChange.url }
      : null;
  const awaitsBank = !wallet && facts.failureCode === 'authentication_required';
  const ourNext = facts.retryAt
    ? t('account.pastDue.retryOn', { date: words.date(facts.retryAt) })
    : t(awaitsBank ? 'account.pastDue.confirmWithBank' : 'account.pastDue.noRetry');
  return {
    reason: t(wallet ? wallet.words.reason : failureWhenPastDue(facts.failureCode)),
    next: wallet?.words.next ? t(wallet.words.next) : ourNext,
    dates: facts.dates
      ? t('account.pastDue.dates', { accessUntil: words.date(facts.dates.accessUntil), endsOn: words.date(facts.dates.endsOn) })
      : null,
    walletFix: wallet ? { text: t(wallet.words.fix), label: t(wallet.words.label), href: wallet.url(subscription.livemode) } : null,
    awaitsBank,
  };
}
