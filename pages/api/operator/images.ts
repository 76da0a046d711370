import { MAX_IMAGE_BYTES } from '@/lib/campaigns/offerImage';
import { storeOfferImage } from '@/lib/server/campaigns/offerImages';
import { apiRoute } from '@/lib/server/http/apiRoute';
import { readRawBody } from '@/lib/server/http/rawBody';
import { requireOperator } from '@/lib/server/operators/operatorAccess';

export const config = { api: { bodyParser: false } };

/** POST the picture's bytes (PNG, JPEG or WebP, at most 2 MB): kept in the database; answers its address and size (marketers, admins). */
export default apiRoute(
  {
    POST: async (req, res, server) => {
      const caller = await requireOperator(req, server, 'campaigns');
      const bytes = await readRawBody(req, MAX_IMAGE_BYTES);
      res.setHeader('Cache-Control', 'no-store');
      res.status(201);
      return storeOfferImage(server.db, caller.operator.id, bytes, server.clock());
    },
  },
  { body: 'raw', sameOriginOnly: true },
);
