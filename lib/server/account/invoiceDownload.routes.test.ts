import { describe, expect, it } from 'vitest';
import { appDb, server, serveRoutesWithServerContext } from '@/tests/fixtures/routeServerContext';
import { newTransactionFixture } from '@/tests/fixtures/transactions';
import { TransactionRepository } from '@/lib/server/checkout/TransactionRepository';
import { signedIn } from '@/tests/fixtures/signedIn';
import { pdfText } from '@/tests/fixtures/pdfText';

/** The invoice PDF through Next's own API resolver: to its owner only, as the invoice page is. */
await serveRoutesWithServerContext({ PAYMENTS_SANDBOX: '1' }, [
  [/^\/api\/account\/invoices\/(?<transactionId>[^/]+)\/pdf$/, () => import('@/pages/api/account/invoices/[transactionId]/pdf')],
]);

/** A paid test-mode Vogue Digital order of `owner`: its transaction id and invoice number. */
async function paid(owner: string): Promise<{ id: string; number: string }> {
  const transactions = new TransactionRepository(await appDb());
  const id = `txn_pdf_${owner.split('@')[0]!.replace(/[^a-z]/g, '_')}`;
  const base = newTransactionFixture({ id });
  await transactions.create({
    ...base,
    livemode: false,
    gateway: 'sandbox',
    buyerIdentity: owner,
    customer: { ...base.customer, email: owner },
  });
  await transactions.markSucceeded(id, `pi_${id}`);
  return { id, number: (await transactions.findById(id))!.invoiceNumber! };
}

const get = (path: string, init: RequestInit = {}) => fetch(`${server.origin}${path}`, { redirect: 'manual', ...init });

describe('GET /api/account/invoices/{transactionId}/pdf', () => {
  it("gives the owner their invoice as a PDF saved under its number, and anyone else the site's 404", async () => {
    const { id, number } = await paid('pdf.owner@example.com');
    const cookie = await signedIn(await appDb(), 'pdf.owner@example.com');
    const answer = await get(`/api/account/invoices/${id}/pdf?livemode=false`, { headers: { cookie } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="${number}.pdf"`);
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
    const [page] = await pdfText(new Uint8Array(await answer.arrayBuffer()));
    expect(page).toContain(`Invoice ${number}`);
    expect(page).toContain('Demo Magazines US Inc.');

    const stranger = await signedIn(await appDb(), 'pdf.stranger@example.com');
    const refused = await get(`/api/account/invoices/${id}/pdf?livemode=false`, { headers: { cookie: stranger } });
    expect(refused.status).toBe(404);
    expect((await refused.json()).error.code).toBe('invoice_not_found');
    // A test invoice is not found in live mode, and an id of no shape is not found either.
    expect((await get(`/api/account/invoices/${id}/pdf`, { headers: { cookie } })).status).toBe(404);
    expect((await get('/api/account/invoices/not-an-id/pdf', { headers: { cookie } })).status).toBe(404);
  });

  it('sends a signed-out visitor to sign in and back, and refuses a POST', async () => {
    const { id } = await paid('pdf.signedout@example.com');
    const signedOut = await get(`/api/account/invoices/${id}/pdf?livemode=false`);
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get('location')).toMatch(/^\/account\/sign-in\?/);
    const cookie = await signedIn(await appDb(), 'pdf.signedout@example.com');
    const posted = await get(`/api/account/invoices/${id}/pdf?livemode=false`, { method: 'POST', headers: { cookie } });
    expect(posted.status).toBe(405);
    expect((await posted.json()).error.code).toBe('method_not_allowed');
  });
});
