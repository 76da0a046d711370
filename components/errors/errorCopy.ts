import type { MessageKey } from '@/lib/i18n/messageKey';
import type { ErrorKind, MissingKind } from '@/lib/journey/errorPage';

interface ErrorCopy {
  title: MessageKey;
  message: MessageKey;
}

/**
 * What each error page says: what happened and what to do, never why inside (no error
 * message, code path or system name ever reaches the page). A server error promises what
 * is true of every page render: nothing is charged by loading a page. Its words are in
 * `common`, which every page carries: a page that fails in the browser has them.
 */
export const ERROR_COPY: Readonly<Record<ErrorKind, ErrorCopy>> = {
  not_found: { title: 'errors.notFound.title', message: 'errors.notFound.message' },
  bad_request: { title: 'errors.badRequest.title', message: 'errors.badRequest.message' },
  not_allowed: { title: 'errors.notAllowed.title', message: 'errors.notAllowed.message' },
  server_error: { title: 'common.error.title', message: 'common.error.message' },
};

/**
 * What a page not found under a brand says, by what was missing. An offer not yet started
 * is "offer_unknown": the page does not announce it.
 */
export const NOT_FOUND_COPY: Readonly<Record<MissingKind, ErrorCopy>> = {
  offer_ended: { title: 'errors.offerEnded.title', message: 'errors.offerEnded.message' },
  offer_unknown: { title: 'errors.offerUnknown.title', message: 'errors.offerUnknown.message' },
  page: ERROR_COPY.not_found,
};
