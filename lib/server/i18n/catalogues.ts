import type { Language } from '@/lib/i18n/locales';
import type { Namespace } from '@/lib/i18n/namespaces';
import deCommon from '@/messages/de/common.json';
import deOffer from '@/messages/de/offer.json';
import dePrice from '@/messages/de/price.json';
import deSuccess from '@/messages/de/success.json';
import deAuth from '@/messages/de/auth.json';
import deErrors from '@/messages/de/errors.json';
import enCommon from '@/messages/en/common.json';
import enOffer from '@/messages/en/offer.json';
import enPrice from '@/messages/en/price.json';
import enSuccess from '@/messages/en/success.json';
import enAuth from '@/messages/en/auth.json';
import enErrors from '@/messages/en/errors.json';
import frCommon from '@/messages/fr/common.json';
import frOffer from '@/messages/fr/offer.json';
import frPrice from '@/messages/fr/price.json';
import frSuccess from '@/messages/fr/success.json';
import frAuth from '@/messages/fr/auth.json';
import frErrors from '@/messages/fr/errors.json';

export type Catalogue = Readonly<Record<string, string>>;

/**
 * Every catalogue, as written (ICU MessageFormat): read on the server, which compiles and
 * sends a page only its language's namespaces (compiledMessages.ts). Imported, not read from
 * disk, so that the server bundle carries them wherever it runs.
 */
export const CATALOGUES: Readonly<Record<Language, Readonly<Record<Namespace, Catalogue>>>> = {
  en: { common: enCommon, price: enPrice, offer: enOffer, success: enSuccess, auth: enAuth, errors: enErrors },
  de: { common: deCommon, price: dePrice, offer: deOffer, success: deSuccess, auth: deAuth, errors: deErrors },
  fr: { common: frCommon, price: frPrice, offer: frOffer, success: frSuccess, auth: frAuth, errors: frErrors },
};
