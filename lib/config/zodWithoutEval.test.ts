import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { runZodWithoutEval } from './zodWithoutEval';

describe('runZodWithoutEval', () => {
  it('sets jitless on the config zod reads, so that it never probes with new Function', () => {
    runZodWithoutEval();
    expect(z.config().jitless).toBe(true);
    const probe = (globalThis as { Function: FunctionConstructor }).Function;
    let called = 0;
    (globalThis as { Function: unknown }).Function = new Proxy(probe, {
      construct: (target, args) => ((called += 1), Reflect.construct(target, args)),
    });
    try {
      expect(z.object({ a: z.string() }).parse({ a: 'x' })).toEqual({ a: 'x' });
    } finally {
      (globalThis as { Function: unknown }).Function = probe;
      z.config({ jitless: false });
    }
    expect(called).toBe(0);
  });
});
