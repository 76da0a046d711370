import type { ErrorEvent } from '@sentry/nextjs';

/**
 * Error reports never carry what a visitor typed or holds: request bodies (card fields,
 * e-mail addresses), cookies (session and receipt secrets) and query strings (sign-in
 * link tokens) are removed before an event leaves.
 */
export function scrubEvent(event: ErrorEvent): ErrorEvent {
  if (event.request) {
    delete event.request.data;
    delete event.request.cookies;
    delete event.request.query_string;
    if (event.request.headers) {
      const { cookie: _cookie, authorization: _authorization, ...headers } = event.request.headers;
      event.request.headers = headers;
    }
    if (event.request.url) event.request.url = event.request.url.split('?')[0];
  }
  if (event.user) event.user = { id: event.user.id };
  return event;
}
