/**
 * The success page that follows the card step, with the same query: where a paid checkout
 * sends the visitor, whether the answer came from the submit, a wallet's return or the
 * sandbox's bank page.
 */
export function successPathFor(returnPath: string): string {
  const [path = '', query] = returnPath.split('?');
  return `${path.replace(/\/credit-card$/, '/success')}${query ? `?${query}` : ''}`;
}
