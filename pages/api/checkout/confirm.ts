import { apiRoute, parseRequest } from '@/lib/server/http/apiRoute';
import { confirmRequestSchema } from '@/lib/checkout/submitContract';
import { checkoutServices } from '@/lib/server/checkout/checkoutServices';
import { confirmCheckout } from '@/lib/server/checkout/submitService';

export const config = { api: { bodyParser: { sizeLimit: '2kb' } } };

export default apiRoute({
  POST: async (req, res) => {
    const { idempotencyKey, returnPath } = parseRequest(confirmRequestSchema, req.body, 'body');
    res.setHeader('Cache-Control', 'no-store');
    return confirmCheckout(await checkoutServices(), idempotencyKey, returnPath);
  },
});
