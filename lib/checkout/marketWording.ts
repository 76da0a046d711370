import marketWording from '@/data/market-wording.json';
import type { MessageKey } from '@/lib/i18n/messageKey';
import type { Words } from '@/lib/i18n/words';

/** What a market's law words itself (data/market-wording.json): message keys, by the country of the campaign's locale. */
export interface MarketWording {
  /** The order button's own words ("Zahlungspflichtig bestellen"), in place of the step's usual label. */
  orderButton?: MessageKey;
  /** The button that leads to cancelling a contract ("Verträge hier kündigen", BGB § 312k). */
  cancelButton?: MessageKey;
  /** The button that sends the cancellation ("jetzt kündigen", BGB § 312k). */
  cancelConfirmButton?: MessageKey;
}

const MARKETS: Readonly<Record<string, MarketWording>> = marketWording.markets as Record<string, MarketWording>;

/** The statutory wording of the market a locale sells in ("de-DE" → Germany's); none where the law fixes none. */
export function marketWordingOf(locale: string): MarketWording {
  const country = locale.split('-')[1]?.toUpperCase() ?? '';
  return Object.hasOwn(MARKETS, country) ? MARKETS[country]! : {};
}

/** A button's words: what the page's market's law has it say, where it fixes them, else the page's usual words. */
export function buttonLabel(words: Words, button: keyof MarketWording, usual: MessageKey): string {
  return words.t(marketWordingOf(words.locale)[button] ?? usual);
}
