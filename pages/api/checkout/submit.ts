import { apiRoute, parseRequest } from '@/lib/server/http/apiRoute';
import { submitRequestSchema } from '@/lib/checkout/submitContract';
import { catalogueSnapshot } from '@/lib/server/catalogue/catalogueService';
import { checkoutServices } from '@/lib/server/checkout/checkoutServices';
import { receiptCookie } from '@/lib/server/checkout/receiptCookie';
import { submitCheckout } from '@/lib/server/checkout/submitService';
import { identityService } from '@/lib/server/identity/identityServices';
import { readSessionToken } from '@/lib/server/identity/sessionCookies';

export const config = { api: { bodyParser: { sizeLimit: '8kb' } } };

export default apiRoute({
  POST: async (req, res) => {
    const request = parseRequest(submitRequestSchema, req.body, 'body');
    const identity = await identityService();
    const alreadySubscribed = (brand: string) => identity.hasActiveSubscription(readSessionToken(req.headers.cookie), brand);
    const { response, receipt } = await submitCheckout({ ...(await checkoutServices()), alreadySubscribed }, await catalogueSnapshot(), request);
    if (receipt) res.setHeader('Set-Cookie', receiptCookie(receipt, req.headers.host));
    res.setHeader('Cache-Control', 'no-store');
    return response;
  },
});
