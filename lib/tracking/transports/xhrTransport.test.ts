import { describe, expect, it, vi } from 'vitest';
import { createXhrTransport, type XhrLike } from './xhrTransport';

class FakeXhr {
  method = '';
  url = '';
  async: boolean | undefined;
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  withCredentials = false;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string, async?: boolean) {
    this.method = method;
    this.url = url;
    this.async = async;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  answer(status: number) {
    this.status = status;
    this.onload?.();
  }
}

const transportWith = (xhr: FakeXhr) => createXhrTransport(() => xhr as unknown as XhrLike);

describe('createXhrTransport', () => {
  it('POSTs the JSON body with credentials and a JSON content type, and resolves true on 2xx', async () => {
    const xhr = new FakeXhr();
    const transport = transportWith(xhr);
    expect(transport.kind).toBe('xhr');
    const sent = transport.send('/martech/api/funnel?api_key=k', '[{"action":"a"}]');
    expect(xhr).toMatchObject({
      method: 'POST',
      url: '/martech/api/funnel?api_key=k',
      async: true,
      withCredentials: true,
      body: '[{"action":"a"}]',
    });
    expect(xhr.headers).toEqual({ 'Content-Type': 'application/json' });
    xhr.answer(202);
    await expect(sent).resolves.toBe(true);
  });

  it.each([400, 500, 0])('resolves false on status %i', async (status) => {
    const xhr = new FakeXhr();
    const sent = transportWith(xhr).send('/u', '[]');
    xhr.answer(status);
    await expect(sent).resolves.toBe(false);
  });

  it.each(['onerror', 'ontimeout', 'onabort'] as const)('resolves false on %s', async (handler) => {
    const xhr = new FakeXhr();
    const sent = transportWith(xhr).send('/u', '[]');
    xhr[handler]?.();
    await expect(sent).resolves.toBe(false);
  });

  it('resolves false without XMLHttpRequest, and with a warning when open throws', async () => {
    await expect(createXhrTransport(null).send('/u', '[]')).resolves.toBe(false);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const xhr = new FakeXhr();
    xhr.open = () => {
      throw new SyntaxError('bad URL');
    };
    await expect(transportWith(xhr).send('http://[', '[]')).resolves.toBe(false);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
