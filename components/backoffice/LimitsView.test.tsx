// @vitest-environment jsdom
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OperatorView } from '@/lib/operators/backOfficeViews';
import type { LimitsAnswer, LimitView } from '@/lib/operators/limitViews';
import { LimitsView } from './LimitsView';

const care: OperatorView = { id: 'op_1', email: 'cara@example.com', name: 'Cara', role: 'care', enrolled: true, disabledAt: null };

const declines: LimitView = {
  id: 'declines:test',
  name: 'Declined payments from this connection (a slow-down)',
  mode: 'test',
  count: 50,
  limit: 50,
  holding: true,
  freesAt: '2026-12-01T20:01:00.000Z',
};
const submits: LimitView = {
  id: 'payment-attempts:live',
  name: 'Payment attempts from this connection, per 10 minutes',
  mode: 'live',
  count: 3,
  limit: 10,
  holding: false,
  freesAt: '2026-12-01T20:10:00.000Z',
};
const found = (limits: LimitView[]): LimitsAnswer => ({ subject: { kind: 'client', key: '203.0.113.7' }, limits });

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

describe('LimitsView', () => {
  it('is a GET search form that keeps what was typed, and is in the back office navigation for care', () => {
    render(<LimitsView operator={care} query="" found={null} problem={null} />);
    const form = screen.getByRole('search') as HTMLFormElement;
    expect(form.getAttribute('method')).toBe('get');
    expect(form.getAttribute('action')).toBe('/admin/limits');
    expect(screen.getByLabelText('IP address or e-mail address')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    const nav = screen.getByRole('navigation', { name: 'Back office' });
    expect(within(nav).getByRole('link', { name: 'Rate limits' }).getAttribute('href')).toBe('/admin/limits');
  });

  it('says what to type when the text was neither an address nor an e-mail', () => {
    render(<LimitsView operator={care} query="nope" found={null} problem="Enter an IP address or a whole e-mail address." />);
    expect(screen.getByRole('alert').textContent).toBe('Enter an IP address or a whole e-mail address.');
    expect((screen.getByLabelText('IP address or e-mail address') as HTMLInputElement).value).toBe('nope');
  });

  it('lists each limit in words with its mode, count against the limit, whether it holds and when it frees', () => {
    render(<LimitsView operator={care} query="203.0.113.7" found={found([declines, submits])} problem={null} />);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Limits of the client 203.0.113.7');
    const row = screen.getByRole('cell', { name: declines.name }).closest('tr')!;
    expect(within(row).getByText('Test')).toBeTruthy();
    expect(within(row).getByText('50 of 50')).toBeTruthy();
    expect(within(row).getByText('Yes: refused now')).toBeTruthy();
    expect(within(row).getByText('1 Dec 2026, 20:01 UTC')).toBeTruthy();
    const live = screen.getByRole('cell', { name: submits.name }).closest('tr')!;
    expect(within(live).getByText('3 of 10')).toBeTruthy();
    expect(within(live).getByText('No')).toBeTruthy();
  });

  it('lifts one limit through the API and shows the list as it now stands', async () => {
    const calls = answering({ status: 200, body: found([submits]) });
    render(<LimitsView operator={care} query="203.0.113.7" found={found([declines, submits])} problem={null} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: `Lift ${declines.name} (Test)` })));
    expect(calls).toEqual([{ url: '/api/operator/limits', method: 'POST', body: { subject: '203.0.113.7', limit: 'declines:test' } }]);
    expect(screen.getByRole('status').textContent).toBe(`Lifted: ${declines.name} (Test).`);
    expect(screen.queryByRole('cell', { name: declines.name })).toBeNull();
    expect(screen.getByRole('cell', { name: submits.name })).toBeTruthy();
  });

  it('lifts all, then says nothing holds it; a refusal is shown as the server words it', async () => {
    const calls = answering(
      {
        status: 409,
        body: { error: { code: 'nothing_to_lift', message: 'Nothing counts against this limit now: there is nothing to lift.' } },
      },
      { status: 200, body: found([]) },
    );
    render(<LimitsView operator={care} query="203.0.113.7" found={found([submits])} problem={null} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Lift all' })));
    expect(screen.getByRole('alert').textContent).toBe('Nothing counts against this limit now: there is nothing to lift.');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Lift all' })));
    expect(calls.map((c) => c.body)).toEqual([
      { subject: '203.0.113.7', limit: 'all' },
      { subject: '203.0.113.7', limit: 'all' },
    ]);
    expect(screen.getByText('Nothing counts against it now: no limit holds it.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows a refusal of the page (another role) as an error page', () => {
    render(<LimitsView kind="refused" status={403} title="Not for your role" message="Your role does not open this part." />);
    expect(screen.getByText('Your role does not open this part.')).toBeTruthy();
  });
});
