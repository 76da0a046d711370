import { parseOfferImageName } from '@/lib/campaigns/offerImage';
import { offerImageOf } from '@/lib/server/campaigns/offerImages';
import { HttpError } from '@/lib/server/http/HttpError';
import { apiRoute } from '@/lib/server/http/apiRoute';

export const config = { api: { bodyParser: false } };

/** An offer's picture uploaded in the studio: its address names its content, so any cache may keep it for a year. */
const send: NonNullable<Parameters<typeof apiRoute>[0]['GET']> = async (req, res, server) => {
  const file = typeof req.query.file === 'string' ? req.query.file : '';
  const name = parseOfferImageName(file);
  const image = name && (await offerImageOf(server.db, name.id, name.extension));
  if (!image) throw new HttpError(404, 'image_not_found', 'No picture has this address.');
  res.setHeader('Content-Type', image.contentType);
  res.setHeader('Content-Length', String(image.bytes.length));
  res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.status(200).end(image.bytes);
};

export default apiRoute({ GET: send });
