/**
 * Session storage that tolerates a browser blocking it: reads answer null and writes do
 * nothing, so the journey still works for the life of the page.
 */
export function sessionStorageOrNull(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function readSession(key: string): string | null {
  return sessionStorageOrNull()?.getItem(key) ?? null;
}

export function writeSession(key: string, value: string | null): void {
  const store = sessionStorageOrNull();
  if (!store) return;
  if (value === null) store.removeItem(key);
  else store.setItem(key, value);
}
