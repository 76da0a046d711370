// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OperatorView } from '@/lib/operators/backOfficeViews';
import { OperatorsPanel } from './OperatorsPanel';
import { TokensPanel } from './TokensPanel';

const admin: OperatorView = { id: 'op_1', email: 'ana@example.com', name: 'Ana', role: 'admin', enrolled: true, disabledAt: null };
const cara: OperatorView = { id: 'op_2', email: 'cara@example.com', name: 'Cara', role: 'care', enrolled: true, disabledAt: null };

const stepUpRequired = {
  status: 403,
  body: { error: { code: 'step_up_required', message: 'Enter a current code from your authenticator app to go on.' } },
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

describe('the step-up form (finding 1)', () => {
  it('asks for a code when disabling an operator needs one, says a wrong one, and then disables', async () => {
    const calls = answering(
      stepUpRequired,
      { status: 400, body: { error: { code: 'wrong_code', message: 'That code is not right.' } } },
      { status: 200, body: { steppedUp: true, usedRecoveryCode: false } },
      { status: 200, body: { operator: { ...cara, disabledAt: '2026-12-01T10:00:00.000Z' } } },
    );
    render(<OperatorsPanel operator={admin} operators={[admin, cara]} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Disable Cara' })));
    expect(screen.getByRole('heading', { name: 'Confirm it is you' })).toBeTruthy();
    const code = screen.getByLabelText('Code from your authenticator app');
    fireEvent.change(code, { target: { value: '000000' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Confirm' })));
    expect(screen.getByText('That code is not right.')).toBeTruthy();
    fireEvent.change(code, { target: { value: '123456' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Confirm' })));
    expect(screen.getByRole('status').textContent).toBe('cara@example.com is disabled.');
    expect(screen.queryByRole('heading', { name: 'Confirm it is you' })).toBeNull();
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'PATCH /api/operator/operators/op_2',
      'POST /api/operator/step-up',
      'POST /api/operator/step-up',
      'PATCH /api/operator/operators/op_2',
    ]);
    expect(calls[2]?.body).toEqual({ code: '123456' });
  });

  it('makes the token asked for once the code is given', async () => {
    const record = {
      id: 'opt_1',
      name: 'Export',
      scopes: ['reports'],
      createdAt: '2026-12-01T10:00:00.000Z',
      lastUsedAt: null,
      revokedAt: null,
    };
    const calls = answering(
      stepUpRequired,
      { status: 200, body: { steppedUp: true, usedRecoveryCode: false } },
      { status: 201, body: { token: 'pjop_x', record } },
    );
    render(<TokensPanel tokens={[]} areas={['reports']} />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Export' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'reports' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Make a token' })));
    fireEvent.change(screen.getByLabelText('Code from your authenticator app'), { target: { value: '123456' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Confirm' })));
    expect(screen.getByText('pjop_x')).toBeTruthy();
    expect(calls.map((c) => c.url)).toEqual(['/api/operator/tokens', '/api/operator/step-up', '/api/operator/tokens']);
    expect(calls[2]?.body).toEqual({ name: 'Export', scopes: ['reports'] });
  });
});
