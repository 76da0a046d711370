import { describe, expect, it, vi } from 'vitest';
import { pageViewSessionId, randomId, TRACING_SESSION_KEY, tracingSessionId } from './tracingSession';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    getItem: vi.fn((key: string) => values.get(key) ?? null),
    setItem: vi.fn((key: string, value: string) => void values.set(key, value)),
    values,
  };
}

describe('tracingSessionId', () => {
  it('creates the id once in session storage under its key and returns the same one after', () => {
    const storage = memoryStorage();
    const first = tracingSessionId(storage);
    expect(first).toMatch(UUID_V4);
    expect(storage.values.get(TRACING_SESSION_KEY)).toBe(first);
    expect(tracingSessionId(storage)).toBe(first);
    expect(storage.setItem).toHaveBeenCalledOnce();
  });

  it('keeps an id already stored by an earlier page of the tab', () => {
    const storage = memoryStorage({ [TRACING_SESSION_KEY]: 'a1b2c3d4-0000-4000-8000-000000000000' });
    expect(tracingSessionId(storage)).toBe('a1b2c3d4-0000-4000-8000-000000000000');
    expect(storage.setItem).not.toHaveBeenCalled();
  });

  it('replaces a stored value that is not an id', () => {
    const storage = memoryStorage({ [TRACING_SESSION_KEY]: '<script>' });
    expect(tracingSessionId(storage, () => 'fresh-id-0001')).toBe('fresh-id-0001');
    expect(storage.values.get(TRACING_SESSION_KEY)).toBe('fresh-id-0001');
  });

  it('without storage (not allowed) gives the page view id, the same for the whole page', () => {
    const id = tracingSessionId(null);
    expect(id).toMatch(UUID_V4);
    expect(tracingSessionId(null)).toBe(id);
    expect(pageViewSessionId()).toBe(id);
  });

  it('treats a storage that throws (blocked, full) as none', () => {
    const blocked = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => undefined,
    };
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    };
    expect(tracingSessionId(blocked)).toBe(pageViewSessionId());
    expect(tracingSessionId(full)).toBe(pageViewSessionId());
  });
});

describe('randomId', () => {
  it('is a UUID v4, also where crypto.randomUUID is missing (plain http)', () => {
    expect(randomId()).toMatch(UUID_V4);
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: (bytes: Uint8Array) => real.getRandomValues(bytes) });
    try {
      const ids = new Set(Array.from({ length: 20 }, () => randomId()));
      expect([...ids].every((id) => UUID_V4.test(id))).toBe(true);
      expect(ids.size).toBe(20);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
