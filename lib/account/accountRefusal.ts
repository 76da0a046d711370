import type { MessageKey } from '@/lib/i18n/messageKey';

/**
 * Why an account page could not be shown, by its status: a 405 is a method the page does not
 * take; a 400 is the one thing its address can get wrong, a malformed `livemode`
 * (lib/server/ssr/account/accountRequest.ts).
 */
export const refusalMessage = (status: number): MessageKey => (status === 405 ? 'account.refusal.method' : 'account.refusal.livemode');
