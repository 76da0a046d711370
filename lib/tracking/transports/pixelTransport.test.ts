import { describe, expect, it, vi } from 'vitest';
import { createPixelTransport, pixelUrl, type PixelImage } from './pixelTransport';

function fakeImage(): PixelImage & { fire(kind: 'load' | 'error'): void } {
  const image = {
    src: '',
    onload: null as PixelImage['onload'],
    onerror: null as PixelImage['onerror'],
    fire(kind: 'load' | 'error') {
      const handler = kind === 'load' ? image.onload : image.onerror;
      (handler as ((event: Event) => unknown) | null)?.(new Event(kind));
    },
  };
  return image;
}

describe('pixelUrl', () => {
  it.each([
    ['/f?api_key=k', '[1]', '/f?api_key=k&data=%5B1%5D'],
    ['/f', '{"a":"b c"}', '/f?data=%7B%22a%22%3A%22b%20c%22%7D'],
    ['/f?', '[]', '/f?data=%5B%5D'],
    ['/f?a=1&', '[]', '/f?a=1&data=%5B%5D'],
    ['/seg/add?segment=mtu.v', '', '/seg/add?segment=mtu.v'],
  ])('%s + %s → %s', (url, body, expected) => {
    expect(pixelUrl(url, body)).toBe(expected);
  });
});

describe('createPixelTransport', () => {
  it('sets the image src to the URL with the body in data, and resolves true on load', async () => {
    const image = fakeImage();
    const transport = createPixelTransport(() => image);
    expect(transport.kind).toBe('pixel');
    const sent = transport.send('/martech/api/funnel?api_key=k', '[{"action":"a"}]');
    expect(image.src).toBe(`/martech/api/funnel?api_key=k&data=${encodeURIComponent('[{"action":"a"}]')}`);
    image.fire('load');
    await expect(sent).resolves.toBe(true);
    expect(image.onload).toBeNull();
  });

  it('resolves false on error', async () => {
    const image = fakeImage();
    const sent = createPixelTransport(() => image).send('/u', '[]');
    image.fire('error');
    await expect(sent).resolves.toBe(false);
  });

  it('resolves false without an Image constructor (server side)', async () => {
    await expect(createPixelTransport(null).send('/u', '[]')).resolves.toBe(false);
  });

  it('resolves false, with a warning, when the image cannot be made', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const transport = createPixelTransport(() => {
      throw new Error('no images');
    });
    await expect(transport.send('/u', '[]')).resolves.toBe(false);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
