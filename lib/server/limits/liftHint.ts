import { DEFAULT_LOCALE } from '@/lib/i18n/locales';
import type { Words } from '@/lib/i18n/words';
import { LIMITS_PATH } from '@/lib/operators/operatorPaths';
import { serverWords } from '@/lib/server/i18n/pageI18n';

/** What a test-mode refusal adds in the reader's words, so that QA knows the way out. */
const liftHint = (words: Words): string => words.t('refusals.liftHint', { path: LIMITS_PATH });

/** The hint in English, for refusals whose pages word them by code. */
export const LIFT_HINT = liftHint(serverWords(DEFAULT_LOCALE));

/** A limit's refusal in the reader's words and the request's mode: in test mode with the hint after it; a live buyer is not sent to the back office. */
export const liftHintIn = (words: Words, message: string, livemode: boolean): string =>
  livemode ? message : `${message} ${liftHint(words)}`;

/** The same in English, for refusals whose pages word them by code. */
export const withLiftHint = (message: string, livemode: boolean): string => liftHintIn(serverWords(DEFAULT_LOCALE), message, livemode);
