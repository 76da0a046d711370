import { useEffect, useReducer, useState } from 'react';
import Link from 'next/link';
import type { AccountPageProps, SubscriptionSummary } from '@/lib/account/accountView';
import { arrangeSubscriptions, cardName, endedFoldLabel } from '@/lib/account/accountList';
import { accountListReducer, initialAccountList, type CardMove } from '@/lib/account/accountListState';
import { cardMoveAnnouncement, cardMoveNote } from '@/lib/account/accountWords';
import { DocumentTitle } from '@/components/shell/DocumentTitle';
import { Msg, useWords } from '@/components/shell/I18n';
import { withLang } from '@/lib/i18n/langLink';
import type { Words } from '@/lib/i18n/words';
import { accountSignInHref } from '@/lib/identity/signInPages';
import { AccountFrame } from './AccountFrame';
import { SubscriptionCard } from './SubscriptionCard';
import styles from './AccountOverview.module.css';

/** What a screen reader is told of a card that moved: which card, and where it is now. */
function moveAnnouncement(words: Words, move: CardMove, subscriptions: readonly SubscriptionSummary[], endedCount: number): string {
  const moved = subscriptions.find((subscription) => subscription.id === move.id);
  if (!moved) return '';
  return cardMoveAnnouncement(words, move.to, cardName(words, moved), endedFoldLabel(words, endedCount));
}

/**
 * /account: the signed-in subscriber's subscriptions, each with its invoices and what can be
 * done. Those still running come first; ended ones are folded below them (open when nothing
 * else is there), so that on a phone the first card is one that can be acted on. A card whose
 * subscription stops or starts running here (its test clock moved, say) moves at once, as a
 * reload would place it: the fold opens to show it, a screen reader is told where it went,
 * and the focus, had it been on the card's button, follows the card.
 */
export function AccountOverview({ email, livemode, subscriptions, brand }: AccountPageProps) {
  const words = useWords();
  const { t } = words;
  const livemodeQuery = livemode ? '' : '?livemode=false';
  const [state, dispatch] = useReducer(accountListReducer<SubscriptionSummary>, subscriptions, initialAccountList);
  // A new answer from the server (the page loaded again, say from the header's link) starts the list again.
  const [lastGiven, setLastGiven] = useState(subscriptions);
  if (lastGiven !== subscriptions) {
    setLastGiven(subscriptions);
    dispatch({ type: 'loaded', subscriptions });
  }
  const { live, ended } = arrangeSubscriptions(state.subscriptions);
  const { moved } = state;

  useEffect(() => {
    if (!moved) return;
    // The card was drawn anew in its new place, and the button that had the focus with it:
    // the focus goes to the card's heading (which scrolls it into view). A subscriber who has
    // moved on elsewhere meanwhile is left there.
    const active = document.activeElement;
    if (active && active !== document.body) return;
    document.getElementById(`subscription-${moved.id}`)?.focus();
  }, [moved]);

  const card = (subscription: SubscriptionSummary) => (
    <SubscriptionCard
      key={subscription.id}
      subscription={subscription}
      livemodeQuery={livemodeQuery}
      onChange={(next) => dispatch({ type: 'changed', subscription: next })}
      movedNote={moved?.id === subscription.id ? t(cardMoveNote(moved.to)) : null}
    />
  );

  return (
    <AccountFrame brand={brand} livemode={livemode} email={email}>
      <DocumentTitle title={t('account.overview.title')} />
      <h1>{t('account.overview.title')}</h1>
      {subscriptions.length === 0 ? (
        <p data-testid="no-subscriptions">
          <Msg
            id="account.overview.none"
            values={{ email, mode: livemode ? 'live' : 'test' }}
            components={{ 0: <Link href={withLang(accountSignInHref({ livemode }), words.locale)} /> }}
          />
        </p>
      ) : (
        <>
          {/* In the page from the start, so that what is put in it later is read out. */}
          <p className="visually-hidden" role="status" data-testid="subscription-moved">
            {moved && <span key={moved.seq}>{moveAnnouncement(words, moved, state.subscriptions, ended.length)}</span>}
          </p>
          {live.map(card)}
          {ended.length > 0 && (
            <details
              className={styles.ended}
              data-testid="ended-subscriptions"
              open={state.foldOpen}
              onToggle={(event) => dispatch({ type: 'fold-toggled', open: event.currentTarget.open })}
            >
              <summary>{endedFoldLabel(words, ended.length)}</summary>
              {ended.map(card)}
            </details>
          )}
        </>
      )}
    </AccountFrame>
  );
}
