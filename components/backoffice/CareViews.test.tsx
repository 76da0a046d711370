// @vitest-environment jsdom
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OperatorView } from '@/lib/operators/backOfficeViews';
import type { CareCustomerView, CareTransactionView } from '@/lib/operators/careViews';
import { CareCustomerPanel } from './CareCustomerPanel';
import { CareSearchView } from './CareSearchView';

const operator: OperatorView = { id: 'op_1', email: 'cara@example.com', name: 'Cara', role: 'care', enrolled: true, disabledAt: null };

const payment: CareTransactionView = {
  id: 'txn_1',
  kind: 'purchase',
  status: 'succeeded',
  gateway: 'sandbox',
  invoiceNumber: 'INV-TEST-2026-000001',
  currencyCode: 'USD',
  total: 2500,
  refunded: 0,
  refundable: 2500,
  failureCode: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  refunds: [],
};

const customer: CareCustomerView = {
  subscription: {
    id: 'sub_aaaaaaaaaaaaaaaa',
    brandSlug: 'vogue',
    offerId: '1001',
    offerName: 'Vogue Digital',
    status: 'active',
    livemode: false,
    ownerEmail: 'ada@example.com',
    billingEmail: 'ada@example.com',
    currentPeriodStart: '2026-11-20T10:00:00.000Z',
    currentPeriodEnd: '2027-11-20T10:00:00.000Z',
    trialEnd: null,
    paymentMethod: 'Visa ending in 4242',
    gateway: 'sandbox',
    renewalAmount: 5000,
    currencyCode: 'USD',
    billingInterval: 'year',
    cancelRequestedAt: null,
    cancelReason: null,
    cancelChannel: null,
    endedAt: null,
    endReason: null,
    deliveryAddress: null,
    canCancelAtPeriodEnd: true,
    canEndNow: true,
  },
  others: [],
  transactions: [payment],
  mails: [
    {
      id: 'm1',
      kind: 'purchase-acknowledgment',
      subject: 'Your Vogue subscription',
      to: 'ada@example.com',
      status: 'sent',
      createdAt: '2026-11-20T10:00:01.000Z',
      sentAt: '2026-11-20T10:00:02.000Z',
    },
  ],
  events: [
    {
      at: '2026-11-20T10:00:00.000Z',
      kind: 'subscription',
      text: 'Subscribed to Vogue Digital (vogue).',
      by: 'the subscriber',
      clockAt: null,
      reconstructed: false,
    },
  ],
};

/** fetch answering each call in turn with `answers`, the calls kept. */
function answering(...answers: { status: number; body: unknown }[]) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, method: init.method ?? 'GET', body: init.body ? JSON.parse(String(init.body)) : undefined });
      const answer = answers.shift()!;
      return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('CareSearchView', () => {
  it('is a search form that keeps the query, and lists what it found with links to each subscription', () => {
    render(
      <CareSearchView
        operator={operator}
        query="ada@example.com"
        hits={[
          {
            subscriptionId: 'sub_aaaaaaaaaaaaaaaa',
            brandSlug: 'vogue',
            offerName: 'Vogue Digital',
            ownerEmail: null,
            billingEmail: 'ada@example.com',
            status: 'cancelling',
            livemode: true,
            currentPeriodEnd: '2027-11-20T10:00:00.000Z',
            matchedBy: 'email',
          },
        ]}
        problem={null}
      />,
    );
    expect((screen.getByLabelText('E-mail address or invoice number') as HTMLInputElement).value).toBe('ada@example.com');
    expect(screen.getByRole('search')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Vogue Digital (vogue)' });
    expect(link.getAttribute('href')).toBe('/admin/care/sub_aaaaaaaaaaaaaaaa');
    const row = link.closest('tr')!;
    expect(within(row).getByText('Cancelled')).toBeTruthy();
    expect(within(row).getByText('Not claimed')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Back office' }).textContent).toContain('Customer care');
  });

  it('says so when nothing was found, and shows no results before a search', () => {
    const { unmount } = render(<CareSearchView operator={operator} query="nobody@example.com" hits={[]} problem={null} />);
    expect(screen.getByRole('status').textContent).toMatch(/^Nothing found/);
    unmount();
    render(<CareSearchView operator={operator} query="" hits={null} problem={null} />);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says why a part of a number was not searched, and keeps it in the form', () => {
    render(<CareSearchView operator={operator} query="INV-2026-0000" hits={null} problem="Enter a whole e-mail address." />);
    expect(screen.getByRole('alert').textContent).toBe('Enter a whole e-mail address.');
    expect((screen.getByLabelText('E-mail address or invoice number') as HTMLInputElement).value).toBe('INV-2026-0000');
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('CareCustomerPanel', () => {
  it('shows the subscription, its payments, e-mails and history', () => {
    render(<CareCustomerPanel operator={operator} customer={customer} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Vogue Digital (vogue)');
    expect(screen.getByText('Active (test mode)')).toBeTruthy();
    expect(screen.getByText('Visa ending in 4242 (through sandbox)')).toBeTruthy();
    // The number downloads the subscriber's PDF of it.
    const invoice = screen.getByRole('link', { name: 'INV-TEST-2026-000001 (PDF)' });
    expect(invoice.getAttribute('href')).toBe('/api/operator/care/transactions/txn_1/invoice');
    expect(screen.getByRole('cell', { name: 'Your Vogue subscription' })).toBeTruthy();
    expect(screen.getByText('Subscribed to Vogue Digital (vogue).')).toBeTruthy();
    expect((screen.getByLabelText('Amount to refund (USD)') as HTMLInputElement).value).toBe('25.00');
  });

  it('asks to confirm "Cancel now", then shows the ended subscription and says what was done', async () => {
    const ended = {
      ...customer,
      subscription: { ...customer.subscription, status: 'ended' as const, canEndNow: false, canCancelAtPeriodEnd: false },
    };
    const calls = answering({ status: 200, body: { customer: ended } });
    render(<CareCustomerPanel operator={operator} customer={customer} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Cancel now' })));
    expect(calls).toEqual([]);
    expect(screen.getByRole('button', { name: 'Yes, end it now' })).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Yes, end it now' })));
    // A reason is needed for the records: asked for, nothing sent.
    expect(calls).toEqual([]);
    expect(screen.getByText('Say why, for the records (the customer does not see it).')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Reason for cancelling'), { target: { value: 'Asked on the phone' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Yes, end it now' })));
    expect(calls).toEqual([
      {
        url: '/api/operator/care/subscriptions/sub_aaaaaaaaaaaaaaaa/cancel',
        method: 'POST',
        body: { when: 'now', reason: 'Asked on the phone' },
      },
    ]);
    expect(screen.getByRole('status').textContent).toMatch(/^The subscription has ended now/);
    expect(screen.getByText('Ended (test mode)')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel now' })).toBeNull();
  });

  it('cancels at the period’s end, and shows the server’s message when it refuses', async () => {
    const calls = answering({
      status: 409,
      body: { error: { code: 'subscription_ended', message: 'This subscription has already ended: there is nothing to cancel.' } },
    });
    render(<CareCustomerPanel operator={operator} customer={customer} />);
    fireEvent.change(screen.getByLabelText('Reason for cancelling'), { target: { value: 'Moving abroad' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Cancel at period end' })));
    expect(calls[0]?.body).toEqual({ when: 'period_end', reason: 'Moving abroad' });
    expect(screen.getByRole('alert').textContent).toBe('This subscription has already ended: there is nothing to cancel.');
  });

  it('refunds part of a payment in major units, then shows what is refunded and what is left', async () => {
    const after: CareCustomerView = {
      ...customer,
      transactions: [
        {
          ...payment,
          refunded: 1250,
          refundable: 1250,
          refunds: [
            {
              id: 're_1',
              amount: 1250,
              status: 'succeeded',
              creditNoteNumber: 'CN-TEST-2026-000001',
              reason: 'Late delivery',
              requestedBy: 'operator:op_1',
              failure: null,
              createdAt: '2026-11-27T10:00:00.000Z',
              settledAt: '2026-11-27T10:00:00.000Z',
            },
          ],
        },
      ],
    };
    const calls = answering({ status: 200, body: { refund: after.transactions[0]!.refunds[0], customer: after } });
    render(<CareCustomerPanel operator={operator} customer={customer} />);
    fireEvent.change(screen.getByLabelText('Amount to refund (USD)'), { target: { value: '30' } });
    fireEvent.change(screen.getByLabelText('Reason for the refund'), { target: { value: 'Late delivery' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Refund' })));
    expect(calls).toEqual([]);
    expect(screen.getByText('At most $25.00 of this payment can still be refunded.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Amount to refund (USD)'), { target: { value: '12.50' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Refund' })));
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      url: '/api/operator/care/transactions/txn_1/refund',
      method: 'POST',
      body: { amount: 1250, reason: 'Late delivery', idempotencyKey: expect.any(String) },
    });
    expect(screen.getByRole('status').textContent).toBe('Refunded $12.50 of INV-TEST-2026-000001: credit note CN-TEST-2026-000001.');
    expect(screen.getByText('$12.50 refunded, credit note CN-TEST-2026-000001')).toBeTruthy();
    expect((screen.getByLabelText('Amount to refund (USD)') as HTMLInputElement).value).toBe('12.50');
  });

  it('shows a refused refund’s message and keeps the form', async () => {
    answering({
      status: 409,
      body: { error: { code: 'amount_exceeds_refundable', message: 'At most $5.00 of this payment can still be refunded.' } },
    });
    render(<CareCustomerPanel operator={operator} customer={customer} />);
    fireEvent.change(screen.getByLabelText('Reason for the refund'), { target: { value: 'Goodwill' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Refund' })));
    expect(screen.getByRole('alert').textContent).toBe('At most $5.00 of this payment can still be refunded.');
    expect(screen.getByRole('button', { name: 'Refund' })).toBeTruthy();
  });

  it('shows a page that cannot be shown as an error', () => {
    render(<CareCustomerPanel kind="refused" status={404} title="No such subscription" message="There is no subscription with this id." />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('No such subscription');
  });
});
