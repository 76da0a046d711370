/**
 * What one party (a payment method, the consent manager, the tag manager…) needs allowed,
 * per CSP directive. Scripts: with a nonce and 'strict-dynamic', browsers that know CSP 3
 * trust what our nonced bundles load and ignore host lists; the hosts are kept for older
 * browsers and as the documented list of who may run code on the page.
 */
export interface CspSources {
  script?: readonly string[];
  style?: readonly string[];
  frame?: readonly string[];
  connect?: readonly string[];
  img?: readonly string[];
  font?: readonly string[];
  formAction?: readonly string[];
}

export type CspDirectiveKey = keyof CspSources;

/** The union of several parties' sources, each directive's list without repeats, in order. */
export function mergeSources(all: readonly CspSources[]): Required<CspSources> {
  const keys: CspDirectiveKey[] = ['script', 'style', 'frame', 'connect', 'img', 'font', 'formAction'];
  return Object.fromEntries(
    keys.map((key) => [key, [...new Set(all.flatMap((sources) => sources[key] ?? []))]]),
  ) as unknown as Required<CspSources>;
}
