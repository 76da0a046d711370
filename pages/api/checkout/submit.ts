import { apiRoute, parseRequest } from '@/lib/server/http/apiRoute';
import { submitRequestSchema } from '@/lib/checkout/submitContract';
import { catalogueSnapshot } from '@/lib/server/catalogue/catalogueService';
import { checkoutServices } from '@/lib/server/checkout/checkoutServices';
import { receiptCookie } from '@/lib/server/checkout/receiptCookie';
import { submitCheckout } from '@/lib/server/checkout/submitService';
import { sessionIdentity } from '@/lib/server/identity/identityServices';
import { TransactionRepository } from '@/lib/server/checkout/TransactionRepository';

export const config = { api: { bodyParser: { sizeLimit: '8kb' } } };

export default apiRoute({
  POST: async (req, res) => {
    const request = parseRequest(submitRequestSchema, req.body, 'body');
    const services = await checkoutServices();
    const alreadySubscribed = async (brand: string) => {
      const email = await (await sessionIdentity()).email(req.headers.cookie);
      return email !== null && (await new TransactionRepository(services.db).hasPaidSubscription(email, brand));
    };
    const { response, receipt } = await submitCheckout({ ...services, alreadySubscribed }, await catalogueSnapshot(), request);
    if (receipt) res.setHeader('Set-Cookie', receiptCookie(receipt, req.headers.host));
    res.setHeader('Cache-Control', 'no-store');
    return response;
  },
});
