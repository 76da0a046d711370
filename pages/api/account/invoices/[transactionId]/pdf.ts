import { sendInvoicePdf } from '@/lib/server/account/invoiceDownload';

/** No body is read: a download is asked for with GET. */
export const config = { api: { bodyParser: false } };

export default sendInvoicePdf;
