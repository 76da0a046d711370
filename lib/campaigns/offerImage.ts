import { imageSize } from 'image-size';

/** The pictures the studio takes: what every browser shows, no script inside (SVG is not one). */
export const IMAGE_TYPES = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' } as const;
export type ImageExtension = keyof typeof IMAGE_TYPES;

/** 2 MB: an offer's picture is shown at a few hundred pixels; more is a photo not yet made for the web. */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
/** The catalogue's own limit of an offer image's sides (lib/catalogue/catalogueFile.ts). */
export const MAX_IMAGE_SIDE = 4000;

export type ImageCheck =
  { ok: true; extension: ImageExtension; contentType: string; width: number; height: number } | { ok: false; message: string };

const EXTENSION_OF: Readonly<Record<string, ImageExtension>> = { png: 'png', jpg: 'jpg', webp: 'webp' };

/**
 * What an uploaded picture is, read from its bytes (never from the name or the type the
 * browser claims): PNG, JPEG or WebP within the size and pixel limits, or why not in words.
 */
export function checkOfferImage(bytes: Uint8Array): ImageCheck {
  if (bytes.length === 0) return { ok: false, message: 'The file is empty.' };
  if (bytes.length > MAX_IMAGE_BYTES)
    return { ok: false, message: `The picture is ${kilobytes(bytes.length)}: at most ${kilobytes(MAX_IMAGE_BYTES)} is taken.` };
  let found: { type?: string; width?: number; height?: number };
  try {
    found = imageSize(bytes);
  } catch {
    return { ok: false, message: 'This is not a PNG, JPEG or WebP picture.' };
  }
  const extension = found.type ? EXTENSION_OF[found.type] : undefined;
  if (!extension)
    return {
      ok: false,
      message: found.type
        ? `${found.type.toUpperCase()} pictures are not taken: upload a PNG, JPEG or WebP.`
        : 'This is not a PNG, JPEG or WebP picture.',
    };
  const { width = 0, height = 0 } = found;
  if (width < 1 || height < 1) return { ok: false, message: 'The picture has no size.' };
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE)
    return { ok: false, message: `The picture is ${width} × ${height} pixels: each side is at most ${MAX_IMAGE_SIDE}.` };
  return { ok: true, extension, contentType: IMAGE_TYPES[extension], width, height };
}

const kilobytes = (bytes: number) => `${Math.ceil(bytes / 1024).toLocaleString('en-US')} KB`;

/** Where the app serves an uploaded picture: by its content's hash, so that its address never shows another. */
export const offerImagePath = (id: string, extension: ImageExtension) => `/api/images/${id}.${extension}`;

/** The id and extension of an uploaded picture's address, or null. */
export function parseOfferImageName(name: string): { id: string; extension: ImageExtension } | null {
  const match = /^([0-9a-f]{32})\.(png|jpg|webp)$/.exec(name);
  return match ? { id: match[1]!, extension: match[2] as ImageExtension } : null;
}
