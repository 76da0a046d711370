import { apiRoute, parseRequest } from '@/lib/server/http/apiRoute';
import { careInvoicePdf } from '@/lib/server/care/careInvoice';
import { transactionIdQuery } from '@/lib/server/care/careSchemas';
import { requireOperator } from '@/lib/server/operators/operatorAccess';

export const config = { api: { bodyParser: false } };

/** Customer care downloads a payment's invoice as the subscriber's PDF; counted and audited as a read of the customer. */
export default apiRoute({
  GET: async (req, res, server) => {
    const caller = await requireOperator(req, server, 'care');
    const { id } = parseRequest(transactionIdQuery, req.query, 'query');
    const { pdf, fileName } = await careInvoicePdf(server, caller, id);
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
    res.status(200).end(pdf);
  },
});
