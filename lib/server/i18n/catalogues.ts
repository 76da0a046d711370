import type { Language } from '@/lib/i18n/locales';
import type { Namespace } from '@/lib/i18n/namespaces';

import deCommon from '@/messages/de/common.json';
import dePrice from '@/messages/de/price.json';
import deOffer from '@/messages/de/offer.json';
import deAccount from '@/messages/de/account.json';
import deAuth from '@/messages/de/auth.json';
import deBilling from '@/messages/de/billing.json';
import deCancel from '@/messages/de/cancel.json';
import deCart from '@/messages/de/cart.json';
import deErrors from '@/messages/de/errors.json';
import deFailures from '@/messages/de/failures.json';
import deMail from '@/messages/de/mail.json';
import deMethods from '@/messages/de/methods.json';
import deOrder from '@/messages/de/order.json';
import dePayment from '@/messages/de/payment.json';
import dePromo from '@/messages/de/promo.json';
import deRefusals from '@/messages/de/refusals.json';
import deSuccess from '@/messages/de/success.json';
import deWithdraw from '@/messages/de/withdraw.json';
import enCommon from '@/messages/en/common.json';
import enPrice from '@/messages/en/price.json';
import enOffer from '@/messages/en/offer.json';
import enAccount from '@/messages/en/account.json';
import enAuth from '@/messages/en/auth.json';
import enBilling from '@/messages/en/billing.json';
import enCancel from '@/messages/en/cancel.json';
import enCart from '@/messages/en/cart.json';
import enErrors from '@/messages/en/errors.json';
import enFailures from '@/messages/en/failures.json';
import enMail from '@/messages/en/mail.json';
import enMethods from '@/messages/en/methods.json';
import enOrder from '@/messages/en/order.json';
import enPayment from '@/messages/en/payment.json';
import enPromo from '@/messages/en/promo.json';
import enRefusals from '@/messages/en/refusals.json';
import enSuccess from '@/messages/en/success.json';
import enWithdraw from '@/messages/en/withdraw.json';
import frCommon from '@/messages/fr/common.json';
import frPrice from '@/messages/fr/price.json';
import frOffer from '@/messages/fr/offer.json';
import frAccount from '@/messages/fr/account.json';
import frAuth from '@/messages/fr/auth.json';
import frBilling from '@/messages/fr/billing.json';
import frCancel from '@/messages/fr/cancel.json';
import frCart from '@/messages/fr/cart.json';
import frErrors from '@/messages/fr/errors.json';
import frFailures from '@/messages/fr/failures.json';
import frMail from '@/messages/fr/mail.json';
import frMethods from '@/messages/fr/methods.json';
import frOrder from '@/messages/fr/order.json';
import frPayment from '@/messages/fr/payment.json';
import frPromo from '@/messages/fr/promo.json';
import frRefusals from '@/messages/fr/refusals.json';
import frSuccess from '@/messages/fr/success.json';
import frWithdraw from '@/messages/fr/withdraw.json';

export type Catalogue = Readonly<Record<string, string>>;

/**
 * Every catalogue, as written (ICU MessageFormat): read on the server, which compiles and
 * sends a page only its language's namespaces (compiledMessages.ts). Imported, not read from
 * disk, so that the server bundle carries them wherever it runs.
 */
export const CATALOGUES: Readonly<Record<Language, Readonly<Record<Namespace, Catalogue>>>> = {
  en: {
    common: enCommon,
    price: enPrice,
    offer: enOffer,
    account: enAccount,
    auth: enAuth,
    billing: enBilling,
    cancel: enCancel,
    cart: enCart,
    errors: enErrors,
    failures: enFailures,
    mail: enMail,
    methods: enMethods,
    order: enOrder,
    payment: enPayment,
    promo: enPromo,
    refusals: enRefusals,
    success: enSuccess,
    withdraw: enWithdraw,
  },
  de: {
    common: deCommon,
    price: dePrice,
    offer: deOffer,
    account: deAccount,
    auth: deAuth,
    billing: deBilling,
    cancel: deCancel,
    cart: deCart,
    errors: deErrors,
    failures: deFailures,
    mail: deMail,
    methods: deMethods,
    order: deOrder,
    payment: dePayment,
    promo: dePromo,
    refusals: deRefusals,
    success: deSuccess,
    withdraw: deWithdraw,
  },
  fr: {
    common: frCommon,
    price: frPrice,
    offer: frOffer,
    account: frAccount,
    auth: frAuth,
    billing: frBilling,
    cancel: frCancel,
    cart: frCart,
    errors: frErrors,
    failures: frFailures,
    mail: frMail,
    methods: frMethods,
    order: frOrder,
    payment: frPayment,
    promo: frPromo,
    refusals: frRefusals,
    success: frSuccess,
    withdraw: frWithdraw,
  },
};
