import type { GetServerSidePropsContext, NextApiRequest, NextApiResponse } from 'next';
import type { ErrorBody } from '@/lib/server/http/apiRoute';
import { serverWords } from '@/lib/server/i18n/pageI18n';
import { invoicePdf, invoicePdfName } from '@/lib/server/invoices/invoicePdf';
import { invoicePageProps } from '@/lib/server/ssr/account/accountPages';
import { inTimeZone } from '@/lib/i18n/words';
import { DEFAULT_LOCALE } from '@/lib/i18n/locales';

/**
 * GET /api/account/invoices/{transactionId}/pdf: the invoice page's invoice as a PDF, to the
 * same signed-in subscriber under the same rules (invoicePageProps): signed out, to the
 * sign-in page and back; anyone else's, or an unknown one, a 404; a method other than GET
 * or HEAD, a 405.
 */
export async function sendInvoicePdf(req: NextApiRequest, res: NextApiResponse): Promise<void> {
  const transactionId = typeof req.query.transactionId === 'string' ? req.query.transactionId : '';
  const { transactionId: _path, ...query } = req.query;
  const context = {
    req,
    res,
    query,
    params: { transactionId },
    resolvedUrl: `/account/invoices/${encodeURIComponent(transactionId)}`,
  } as unknown as GetServerSidePropsContext;
  const result = await invoicePageProps(context);
  const fail = (status: number, code: string, message: string) => {
    const body: ErrorBody = { error: { code, message } };
    res.status(status).json(body);
  };
  if ('redirect' in result) {
    res.redirect(302, result.redirect.destination);
    return;
  }
  if ('notFound' in result) return void fail(404, 'invoice_not_found', 'There is no such invoice of yours.');
  const props = await result.props;
  if ('refused' in props)
    return void fail(props.refused.status, props.refused.status === 405 ? 'method_not_allowed' : 'invalid_query', props.refused.message);
  const reader = props.i18n;
  const words = inTimeZone(serverWords(reader?.locale ?? DEFAULT_LOCALE), reader?.timeZone ?? 'UTC');
  const pdf = await invoicePdf(props.invoice, words);
  res.setHeader('Content-Type', 'application/pdf');
  res.setHeader('Content-Disposition', `attachment; filename="${invoicePdfName(props.invoice.number)}"`);
  res.setHeader('Content-Length', String(pdf.length));
  res.status(200).end(req.method === 'HEAD' ? undefined : pdf);
}
