/** Adds an async third-party script to the page once; a script that fails to load is logged, never thrown. */
export function loadScriptOnce(doc: Document, src: string, what: string): void {
  if ([...doc.scripts].some((script) => script.src === src)) return;
  const script = doc.createElement('script');
  script.async = true;
  script.src = src;
  script.onerror = () => console.warn(`${what} could not load.`);
  doc.head.appendChild(script);
}
