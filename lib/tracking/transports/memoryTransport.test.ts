import { describe, expect, it } from 'vitest';
import { createMemoryTransport } from './memoryTransport';

describe('createMemoryTransport', () => {
  it('records every request and parses the bodies', async () => {
    const transport = createMemoryTransport();
    expect(transport.kind).toBe('memory');
    await expect(transport.send('/a', '[1]')).resolves.toBe(true);
    await transport.send('/b', '{"x":2}');
    expect(transport.sent).toEqual([
      { url: '/a', body: '[1]' },
      { url: '/b', body: '{"x":2}' },
    ]);
    expect(transport.jsonBodies()).toEqual([[1], { x: 2 }]);
    transport.clear();
    expect(transport.sent).toEqual([]);
  });

  it('plays a refusing transport of any kind, still recording the attempt', async () => {
    const transport = createMemoryTransport({ kind: 'beacon', accepting: false });
    expect(transport.kind).toBe('beacon');
    const { send } = transport;
    await expect(send('/a', '[]')).resolves.toBe(false);
    transport.accepting = true;
    await expect(send('/a', '[]')).resolves.toBe(true);
    expect(transport.sent).toHaveLength(2);
  });
});
