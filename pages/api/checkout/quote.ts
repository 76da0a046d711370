import { apiRoute, parseRequest } from '@/lib/server/http/apiRoute';
import { quoteRequestSchema } from '@/lib/checkout/quoteContract';
import { catalogueSnapshot } from '@/lib/server/catalogue/catalogueService';
import { quoteCheckout } from '@/lib/server/checkout/quoteService';

export const config = { api: { bodyParser: { sizeLimit: '4kb' } } };

export default apiRoute({
  POST: async (req) => quoteCheckout(await catalogueSnapshot(), parseRequest(quoteRequestSchema, req.body, 'body'), new Date()),
});
