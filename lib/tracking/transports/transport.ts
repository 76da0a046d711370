/**
 * The one shape every event transport has (DESIGN §7): beacon, pixel and XHR each live in
 * their own file, and tests hand an in-memory transport to the modules that send.
 *
 * Contract of `send(url, body)`:
 * - `body` is the request's payload as a string (JSON for the funnel and the inspector;
 *   may be empty for calls that carry everything in the URL, such as segmentation).
 * - The request starts synchronously inside `send`, before the first `await`, so a call
 *   made from a `pagehide` handler leaves before the page is gone.
 * - It resolves `true` when the request was handed over and (where the transport can tell)
 *   accepted, `false` when the transport is unavailable, refused or failed.
 * - It never rejects and never throws: tracking must not break the page.
 */
export type TransportKind = 'beacon' | 'pixel' | 'xhr' | 'memory';

export interface Transport {
  readonly kind: TransportKind;
  send(url: string, body: string): Promise<boolean>;
}

/** `url` with `query` appended: after `?` or `&`, whichever the URL needs (none when it already ends with one). */
export function appendQuery(url: string, query: string): string {
  const separator = !url.includes('?') ? '?' : url.endsWith('?') || url.endsWith('&') ? '' : '&';
  return `${url}${separator}${query}`;
}
