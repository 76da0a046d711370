import { describe, expect, it } from 'vitest';
import { fallbackWords } from '@/lib/i18n/words';
import { renewalOf } from '@/lib/payments/methods';
import { WALLET_WORDS } from './walletWords';

describe('WALLET_WORDS', () => {
  it.each(Object.entries(WALLET_WORDS))(
    'says in English what %s’s renewal declaration says, so the two never drift apart',
    (wallet, words) => {
      const { t } = fallbackWords();
      const declared = renewalOf(wallet);
      expect(declared.paymentChange.where === 'provider' ? declared.paymentChange.note : null).toBe(t(words.note));
      expect(declared.pastDue).toEqual({
        reason: t(words.pastDue.reason),
        next: words.pastDue.next ? t(words.pastDue.next) : null,
        ourDates: declared.pastDue?.ourDates,
        fix: t(words.pastDue.fix),
        label: t(words.pastDue.label),
      });
    },
  );
});
