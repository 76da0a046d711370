import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { checkOfferImage, offerImagePath, type ImageExtension } from '@/lib/campaigns/offerImage';
import type { Database } from '@/lib/server/db/schema';
import { HttpError } from '@/lib/server/http/HttpError';

export interface StoredImage {
  /** Where offers name it: "/api/images/{id}.png". */
  src: string;
  width: number;
  height: number;
}

const EXTENSION_OF_TYPE: Readonly<Record<string, ImageExtension>> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };

/**
 * Keeps an uploaded picture in the database under the hash of its bytes (the same picture
 * again is the row it was), after checking what it is from its bytes; 400 saying why not.
 */
export async function storeOfferImage(db: Kysely<Database>, operatorId: string, bytes: Buffer, at: Date): Promise<StoredImage> {
  const checked = checkOfferImage(bytes);
  if (!checked.ok) throw new HttpError(400, 'invalid_image', checked.message, [`file: ${checked.message}`]);
  const id = createHash('sha256').update(bytes).digest('hex').slice(0, 32);
  await db
    .insertInto('offer_images')
    .values({
      id,
      content_type: checked.contentType,
      width: checked.width,
      height: checked.height,
      byte_length: bytes.length,
      bytes,
      operator_id: operatorId,
      created_at: at.toISOString(),
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  return { src: offerImagePath(id, checked.extension), width: checked.width, height: checked.height };
}

/** An uploaded picture's bytes and type, when `extension` is the one it was stored as. */
export async function offerImageOf(db: Kysely<Database>, id: string, extension: ImageExtension) {
  const row = await db.selectFrom('offer_images').select(['content_type', 'bytes']).where('id', '=', id).executeTakeFirst();
  if (!row || EXTENSION_OF_TYPE[row.content_type] !== extension) return null;
  return { contentType: row.content_type, bytes: Buffer.from(row.bytes) };
}
