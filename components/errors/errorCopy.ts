import type { ErrorKind } from '@/lib/journey/errorPage';

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
