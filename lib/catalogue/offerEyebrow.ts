import type { MessageKey } from '@/lib/i18n/messageKey';
import type { Offer } from './types';

// Apart from offerCopy.ts: the offer card needs only this line, and every offer page's first
// load would otherwise carry the success page's sentence rules with it. Names are in the
// campaign's language: English, German ("Print") and French ("papier", "imprimé") are read.
const PRINT_WORD = /\bprint\b|\bpapier\b|\bimprimée?\b/i;

/**
 * The small line above a print offer's name, "Print + Digital", or null where the name says
 * it already: a card titled "Print + Digital" under "PRINT + DIGITAL" repeats itself.
 */
export function offerEyebrow(offer: Pick<Offer, 'name' | 'isPrintOffer'>): MessageKey | null {
  if (!offer.isPrintOffer || PRINT_WORD.test(offer.name)) return null;
  return 'offer.eyebrow.print';
}
