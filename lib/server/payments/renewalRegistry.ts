import type { PaymentMethodId } from '@/lib/payments/methods';
import { amazonPayRenewals } from './amazonpay/amazonPayRenewals';
import { paypalRenewals } from './paypal/paypalRenewals';
import { cardRenewals } from './stripe/cardRenewals';
import type { ServerRenewalDeclaration } from './ServerRenewalDeclaration';

/**
 * How each payment method's subscriptions renew, one declaration per provider folder. The
 * renewal engine, the subscriptions' services, the account and the e-mails find them here
 * (renewalLookup.ts), so a new provider adds its declaration here and nowhere else.
 */
export const SERVER_RENEWALS = [cardRenewals, paypalRenewals, amazonPayRenewals] as const satisfies readonly ServerRenewalDeclaration[];

/** A method of lib/payments/methods.ts without a renewal declaration does not compile: this names it. */
type WithoutRenewals = Exclude<PaymentMethodId, (typeof SERVER_RENEWALS)[number]['method']>;
const _everyMethodDeclaresItsRenewals: [WithoutRenewals] extends [never] ? true : WithoutRenewals = true;
