export declare const REQUEST_TARGET_MAX: number;
export declare const QUERY_PARAMS_MAX: number;
interface GuardedRequest {
  method?: string;
  url?: string;
  headers: Record<string, string | string[] | undefined>;
}
interface Refusal {
  status: number;
  code: string;
  message: string;
  headers?: Record<string, string>;
}
export declare function guardRequest(req: GuardedRequest): { refuse: Refusal } | { rewrite: string } | null;
export declare function refusalResponse(req: GuardedRequest, refusal: Refusal): { status: number; headers: Record<string, string>; body: string };
export declare function withRequestGuard<Req extends import('node:http').IncomingMessage>(
  handle: (req: Req, res: import('node:http').ServerResponse) => unknown,
): (req: Req, res: import('node:http').ServerResponse) => unknown;
export declare function refuseUpgrade(req: import('node:http').IncomingMessage, socket: import('node:stream').Duplex): void;
export declare function answerClientError(error: Error & { code?: string }, socket: import('node:stream').Duplex): void;
