import type { SubmitRequestInput, SubmitResponse } from './submitContract';

export const CONFIRM_PATH = '/api/checkout/confirm';

export const SUBMIT_PATH = '/api/checkout/submit';

/** A submit the server refused or could not take, with the message to show. */
export class SubmitError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'SubmitError';
  }
}

/** Sends the checkout; the answer says whether the payment succeeded, needs the bank, or failed. */
export function submitOrder(request: SubmitRequestInput): Promise<SubmitResponse> {
  return post(SUBMIT_PATH, request);
}

/** Asks where an attempt's payment stands after the visitor authenticated with their bank. */
export function confirmOrder(idempotencyKey: string, returnPath: string): Promise<SubmitResponse> {
  return post(CONFIRM_PATH, { idempotencyKey, returnPath });
}

async function post(path: string, request: unknown): Promise<SubmitResponse> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(request),
      credentials: 'same-origin',
    });
  } catch {
    throw new SubmitError(0, 'network', 'We could not reach our server. Please check your connection and try again: your payment will not be taken twice.');
  }
  const body = (await response.json().catch(() => null)) as (SubmitResponse & { error?: { code: string; message: string } }) | null;
  if (!response.ok || !body || body.error) {
    throw new SubmitError(
      response.status,
      body?.error?.code ?? 'unknown',
      body?.error?.message ?? 'Something went wrong. Please try again: your payment will not be taken twice.',
    );
  }
  return body;
}
