import { appendQuery, type Transport } from './transport';

/** What the pixel needs of an image element; `new Image()` in the browser. */
export interface PixelImage {
  src: string;
  onload: ((this: never, event: Event) => unknown) | null;
  onerror: ((this: never, event: Event | string) => unknown) | null;
}

/** The request URL of a pixel: the body travels in the `data` query parameter when there is one. */
export function pixelUrl(url: string, body: string): string {
  if (body === '') return url;
  return appendQuery(url, `data=${encodeURIComponent(body)}`);
}

/**
 * An image GET: no CORS, no preflight, works on any origin, but only for payloads small
 * enough for a URL (the caller decides what fits). Resolves `true` on load and `false` on
 * error. An error may also mean the server answered with something other than an image, so
 * callers should log a `false`, never resend it by another route (that would double count).
 */
export function createPixelTransport(
  createImage: (() => PixelImage) | null = typeof Image === 'undefined' ? null : () => new Image(1, 1),
): Transport {
  // Images still loading are kept referenced, or the browser may collect them and drop the request.
  const pending = new Set<PixelImage>();
  return {
    kind: 'pixel',
    send(url, body) {
      if (!createImage) return Promise.resolve(false);
      return new Promise<boolean>((resolve) => {
        try {
          const image = createImage();
          const settle = (ok: boolean) => {
            image.onload = null;
            image.onerror = null;
            pending.delete(image);
            resolve(ok);
          };
          image.onload = () => settle(true);
          image.onerror = () => settle(false);
          pending.add(image);
          image.src = pixelUrl(url, body);
        } catch (error) {
          console.warn('Pixel request failed to start:', error);
          resolve(false);
        }
      });
    },
  };
}
