/**
 * Adds an async third-party script to the page once (a script with the same `src` already
 * there is kept); a script that fails to load is logged with `failure`, never thrown.
 * `configure` sets what else the script needs (a charset, data attributes) before it is added.
 */
export function loadScriptOnce(doc: Document, src: string, failure: string, configure?: (script: HTMLScriptElement) => void): void {
  if ([...doc.scripts].some((script) => script.src === src)) return;
  const script = doc.createElement('script');
  script.async = true;
  script.src = src;
  script.onerror = () => console.warn(failure);
  configure?.(script);
  doc.head.appendChild(script);
}
