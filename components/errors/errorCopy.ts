import type { ErrorKind, MissingKind } from '@/lib/journey/errorPage';

/**
 * What each error page says: what happened and what to do, never why inside (no error
 * message, code path or system name ever reaches the page). A server error promises what
 * is true of every page render: nothing is charged by loading a page.
 */
export const ERROR_COPY: Readonly<Record<ErrorKind, { title: string; message: string }>> = {
  not_found: {
    title: 'Page not found',
    message: "We can't find the page you were looking for. The offer may have ended, or the link may be mistyped.",
  },
  bad_request: {
    title: 'This link is not quite right',
    message: 'The address could not be read. Please check the link and try again.',
  },
  not_allowed: {
    title: 'Not allowed',
    message: 'This page cannot be used that way.',
  },
  server_error: {
    title: 'Something went wrong',
    message: "We couldn't load this page. Nothing was charged. Please try again, or come back in a few minutes.",
  },
};

/**
 * What a page not found under a brand says, by what was missing. An offer not yet started
 * is "offer_unknown": the page does not announce it.
 */
export const NOT_FOUND_COPY: Readonly<Record<MissingKind, { title: string; message: string }>> = {
  offer_ended: {
    title: 'This offer has ended',
    message: 'The offer you followed is no longer available.',
  },
  offer_unknown: {
    title: "We couldn't find this offer",
    message: 'The link may be mistyped, or the offer may no longer be available.',
  },
  page: ERROR_COPY.not_found,
};

/** Above the list of brands on a page not found outside any brand. */
export const BRAND_LIST_HEADING = 'Our brands';
