import { ApiError, errorFromAnswer, networkError, type CallMessages } from '@/lib/api/apiErrors';
import type { OperatorArea, OperatorRole } from './roles';
import type { OperatorView, TokenView } from './backOfficeViews';
import type { LimitsAnswer } from './limitViews';

const MESSAGES: CallMessages = {
  unreachable: 'We could not reach the server. Please check your connection and try again.',
  fallback: 'Something went wrong. Nothing was changed; please try again.',
};

/** One back-office call: its JSON answer, or an ApiError whose message can be shown. A Blob body (a file) is sent as it is. */
export async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  let response: Response;
  const raw = typeof Blob !== 'undefined' && body instanceof Blob;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? {} : { 'content-type': raw ? body.type || 'application/octet-stream' : 'application/json' },
      body: body === undefined ? undefined : raw ? body : JSON.stringify(body),
    });
  } catch (error) {
    throw networkError(MESSAGES, error);
  }
  const answer: unknown = await response.json().catch(() => null);
  if (!response.ok || typeof answer !== 'object' || answer === null || 'error' in answer) {
    const error = errorFromAnswer(response.status, answer, MESSAGES);
    // A refused body: its fields' own problems ("code: Enter the 6-digit code…") read better without the field's name.
    // A conflict's details are for the caller (the studio's "latestVersion: 3"): its message is the sentence.
    if (error.details.length === 0 || error.status !== 400) throw error;
    const message = error.details.map((detail) => detail.replace(/^[\w.]+: /, '')).join(' ');
    throw new ApiError({ status: error.status, code: error.code, details: error.details, message });
  }
  return answer as T;
}

/** The back office's calls (pages/api/operator/*); each rejects with an ApiError whose message can be shown. */
export const backOfficeApi = {
  requestLink: (email: string, returnPath: string) => call<{ sent: true }>('POST', '/api/operator/links', { email, returnPath }),
  useLink: (token: string) => call<{ stage: 'enrol' | 'factor' }>('POST', '/api/operator/sign-in', { token }),
  giveFactor: (code: string) =>
    call<{ signedIn: true; recoveryCodes: string[] | null; usedRecoveryCode: boolean }>('POST', '/api/operator/factor', { code }),
  stepUp: (code: string) => call<{ steppedUp: true; usedRecoveryCode: boolean }>('POST', '/api/operator/step-up', { code }),
  signOut: () => call<{ signedOut: true }>('POST', '/api/operator/sign-out'),
  createToken: (name: string, scopes: OperatorArea[]) =>
    call<{ token: string; record: TokenView }>('POST', '/api/operator/tokens', { name, scopes }),
  revokeToken: (id: string) => call<{ revoked: true }>('DELETE', `/api/operator/tokens/${encodeURIComponent(id)}`),
  addOperator: (input: { email: string; name: string; role: OperatorRole }) =>
    call<{ operator: OperatorView }>('POST', '/api/operator/operators', input),
  liftLimit: (subject: string, limit: string) => call<LimitsAnswer>('POST', '/api/operator/limits', { subject, limit }),
  updateOperator: (id: string, change: { role?: OperatorRole; disabled?: boolean; resetFactor?: true }) =>
    call<{ operator: OperatorView }>('PATCH', `/api/operator/operators/${encodeURIComponent(id)}`, change),
};
