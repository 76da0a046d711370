import { describe, expect, it } from 'vitest';
import marketWording from '@/data/market-wording.json';
import cancel from '@/messages/en/cancel.json';
import common from '@/messages/en/common.json';
import payment from '@/messages/en/payment.json';
import { serverWords } from '@/lib/server/i18n/pageI18n';
import { buttonLabel, marketWordingOf } from './marketWording';

describe('marketWordingOf', () => {
  it('gives Germany its statutory order button (BGB § 312j), by the country of the locale', () => {
    expect(marketWordingOf('de-DE').orderButton).toBe('payment.submit.orderWithObligation');
    expect(marketWordingOf('en-DE').orderButton).toBe('payment.submit.orderWithObligation');
  });

  it('gives Germany its statutory cancel buttons (BGB § 312k)', () => {
    expect(marketWordingOf('de-DE')).toMatchObject({
      cancelButton: 'common.subscriberLinks.cancel',
      cancelConfirmButton: 'cancel.statutory.confirm',
    });
  });

  it('gives a market whose law words nothing no wording', () => {
    for (const locale of ['en-US', 'fr-FR', 'en-GB', 'de-AT', 'en-CA', 'en']) expect(marketWordingOf(locale)).toEqual({});
  });

  it('names only message keys that exist', () => {
    const keys = Object.keys({ ...payment, ...common, ...cancel });
    for (const wording of Object.values(marketWording.markets)) for (const key of Object.values(wording)) expect(keys, key).toContain(key);
  });
});

describe('buttonLabel', () => {
  it('says the law’s words in Germany, and the page’s usual ones elsewhere', () => {
    expect(buttonLabel(serverWords('de-DE'), 'cancelConfirmButton', 'cancel.declare.submit')).toBe('jetzt kündigen');
    expect(buttonLabel(serverWords('de-DE'), 'cancelButton', 'cancel.declare.submit')).toBe('Verträge hier kündigen');
    expect(buttonLabel(serverWords('de-AT'), 'cancelConfirmButton', 'cancel.declare.submit')).toBe('Jetzt kündigen');
    expect(buttonLabel(serverWords('fr-FR'), 'cancelConfirmButton', 'cancel.subscription.submit')).toBe('Confirmer la résiliation');
    expect(buttonLabel(serverWords('en-US'), 'cancelConfirmButton', 'cancel.subscription.submit')).toBe('Confirm cancellation');
  });
});
