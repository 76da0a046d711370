import type { Language } from '@/lib/i18n/locales';
import type { Namespace } from '@/lib/i18n/namespaces';
import deCommon from '@/messages/de/common.json';
import deFailures from '@/messages/de/failures.json';
import deMethods from '@/messages/de/methods.json';
import deOffer from '@/messages/de/offer.json';
import dePrice from '@/messages/de/price.json';
import enCommon from '@/messages/en/common.json';
import enFailures from '@/messages/en/failures.json';
import enMethods from '@/messages/en/methods.json';
import enOffer from '@/messages/en/offer.json';
import enPrice from '@/messages/en/price.json';
import frCommon from '@/messages/fr/common.json';
import frFailures from '@/messages/fr/failures.json';
import frMethods from '@/messages/fr/methods.json';
import frOffer from '@/messages/fr/offer.json';
import frPrice from '@/messages/fr/price.json';

export type Catalogue = Readonly<Record<string, string>>;

/**
 * Every catalogue, as written (ICU MessageFormat): read on the server, which compiles and
 * sends a page only its language's namespaces (compiledMessages.ts). Imported, not read from
 * disk, so that the server bundle carries them wherever it runs.
 */
export const CATALOGUES: Readonly<Record<Language, Readonly<Record<Namespace, Catalogue>>>> = {
  en: { common: enCommon, price: enPrice, offer: enOffer, methods: enMethods, failures: enFailures },
  de: { common: deCommon, price: dePrice, offer: deOffer, methods: deMethods, failures: deFailures },
  fr: { common: frCommon, price: frPrice, offer: frOffer, methods: frMethods, failures: frFailures },
};
