import { describe, expect, it } from 'vitest';
import { GIF_1X1, PNG_1X1, pngSized, SVG, WEBP_1X1 } from '@/tests/fixtures/images';
import { checkOfferImage, MAX_IMAGE_BYTES, parseOfferImageName } from './offerImage';

describe('checkOfferImage', () => {
  it('takes PNG and WebP by their bytes, with their size', () => {
    expect(checkOfferImage(PNG_1X1)).toEqual({ ok: true, extension: 'png', contentType: 'image/png', width: 1, height: 1 });
    expect(checkOfferImage(WEBP_1X1)).toMatchObject({ ok: true, extension: 'webp', contentType: 'image/webp' });
  });

  it.each([
    ['a GIF', GIF_1X1, 'GIF pictures are not taken: upload a PNG, JPEG or WebP.'],
    ['an SVG (which may hold a script)', SVG, 'SVG pictures are not taken: upload a PNG, JPEG or WebP.'],
    ['text', Buffer.from('hello, not a picture'), 'This is not a PNG, JPEG or WebP picture.'],
    ['nothing', Buffer.alloc(0), 'The file is empty.'],
    ['a side over 4000 pixels', pngSized(4001, 10), 'The picture is 4001 × 10 pixels: each side is at most 4000.'],
    ['more than 2 MB', Buffer.concat([PNG_1X1, Buffer.alloc(MAX_IMAGE_BYTES)]), 'The picture is 2,049 KB: at most 2,048 KB is taken.'],
  ])('refuses %s, saying why', (_name, bytes, message) => {
    expect(checkOfferImage(bytes)).toEqual({ ok: false, message });
  });

  it('reads an uploaded picture’s address back, and nothing else', () => {
    expect(parseOfferImageName('0123456789abcdef0123456789abcdef.png')).toEqual({
      id: '0123456789abcdef0123456789abcdef',
      extension: 'png',
    });
    for (const name of [
      'x.png',
      '0123456789abcdef0123456789abcdef.gif',
      '../0123456789abcdef0123456789abcdef.png',
      '0123456789ABCDEF0123456789ABCDEF.png',
    ])
      expect(parseOfferImageName(name)).toBeNull();
  });
});
