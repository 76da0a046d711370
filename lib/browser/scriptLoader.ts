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

/**
 * Adds a third-party script once and answers when it has loaded (at once if it already has),
 * or rejects when it cannot: for code the page must wait for (a wallet's button).
 */
export function scriptLoaded(doc: Document, src: string): Promise<void> {
  const existing = [...doc.scripts].find((script) => script.src === src);
  if (existing?.dataset.loaded === 'true') return Promise.resolve();
  return new Promise((resolve, reject) => {
    const script = existing ?? doc.createElement('script');
    script.addEventListener('load', () => {
      script.dataset.loaded = 'true';
      resolve();
    });
    script.addEventListener('error', () => {
      // Gone, so that the next try adds it again rather than waiting on an element that never loads.
      script.remove();
      reject(new Error(`${src} did not load`));
    });
    if (existing) return;
    script.async = true;
    script.src = src;
    doc.head.appendChild(script);
  });
}
