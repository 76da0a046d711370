import { describe, expect, it } from 'vitest';
import { fallbackWords } from '@/lib/i18n/words';
import { serverWords } from '@/lib/server/i18n/pageI18n';
import { taxPendingNote } from './taxPending';

const english = fallbackWords();

describe('taxPendingNote', () => {
  it('asks for the country while none is chosen', () => {
    expect(english.say(taxPendingNote({ country: '', region: '' }))).toBe('Worked out once you choose your country');
  });

  it('asks for the state or province where the country is taxed by one', () => {
    expect(english.say(taxPendingNote({ country: 'US', region: '' }))).toBe('Worked out once you choose your state');
    expect(english.say(taxPendingNote({ country: 'CA', region: '' }))).toBe('Worked out once you choose your province');
    expect(english.say(taxPendingNote({ country: 'US', region: 'XX' }))).toBe('Worked out once you choose your state');
  });

  it('asks for the delivery state or province of print delivered elsewhere, once the billing place is known', () => {
    const billed = { country: 'US', region: 'TX' };
    expect(english.say(taxPendingNote({ ...billed, deliveryCountry: 'US', deliveryRegion: '' }, true))).toBe(
      'Worked out once you choose the delivery state',
    );
    expect(english.say(taxPendingNote({ ...billed, deliveryCountry: 'CA', deliveryRegion: 'TX' }, true))).toBe(
      'Worked out once you choose the delivery province',
    );
    // Delivered to the billing address, the delivery fields typed earlier do not count.
    expect(english.say(taxPendingNote({ ...billed, deliveryCountry: 'US', deliveryRegion: '' }))).toBe(
      'Worked out once you choose your country',
    );
    // The billing place is asked for first.
    expect(english.say(taxPendingNote({ country: 'US', region: '', deliveryCountry: 'CA' }, true))).toBe(
      'Worked out once you choose your state',
    );
  });

  it('says it in German and French', () => {
    expect(serverWords('de-DE').say(taxPendingNote({ country: '', region: '' }))).toBe('Wird berechnet, sobald Sie Ihr Land wählen');
    expect(serverWords('fr-CA').say(taxPendingNote({ country: 'CA', region: '' }))).toBe(
      'Calculées dès que vous aurez choisi votre province',
    );
  });
});
