import type { Language } from '@/lib/i18n/locales';
import type { Namespace } from '@/lib/i18n/namespaces';
import deCommon from '@/messages/de/common.json';
import deOffer from '@/messages/de/offer.json';
import dePrice from '@/messages/de/price.json';
import deCart from '@/messages/de/cart.json';
import dePromo from '@/messages/de/promo.json';
import deOrder from '@/messages/de/order.json';
import enCommon from '@/messages/en/common.json';
import enOffer from '@/messages/en/offer.json';
import enPrice from '@/messages/en/price.json';
import enCart from '@/messages/en/cart.json';
import enPromo from '@/messages/en/promo.json';
import enOrder from '@/messages/en/order.json';
import frCommon from '@/messages/fr/common.json';
import frOffer from '@/messages/fr/offer.json';
import frPrice from '@/messages/fr/price.json';
import frCart from '@/messages/fr/cart.json';
import frPromo from '@/messages/fr/promo.json';
import frOrder from '@/messages/fr/order.json';

export type Catalogue = Readonly<Record<string, string>>;

/**
 * Every catalogue, as written (ICU MessageFormat): read on the server, which compiles and
 * sends a page only its language's namespaces (compiledMessages.ts). Imported, not read from
 * disk, so that the server bundle carries them wherever it runs.
 */
export const CATALOGUES: Readonly<Record<Language, Readonly<Record<Namespace, Catalogue>>>> = {
  en: { common: enCommon, price: enPrice, offer: enOffer, cart: enCart, promo: enPromo, order: enOrder },
  de: { common: deCommon, price: dePrice, offer: deOffer, cart: deCart, promo: dePromo, order: deOrder },
  fr: { common: frCommon, price: frPrice, offer: frOffer, cart: frCart, promo: frPromo, order: frOrder },
};
