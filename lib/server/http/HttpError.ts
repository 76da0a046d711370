/** An error an API route answers with: its status, a stable code and a readable message. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: readonly string[],
  ) {
    super(message);
    this.name = 'HttpError';
  }
}
