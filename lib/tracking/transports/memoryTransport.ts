import type { Transport, TransportKind } from './transport';

export interface SentRequest {
  url: string;
  body: string;
}

/** An in-memory transport for tests of the modules that send: it records every request. */
export interface MemoryTransport extends Transport {
  readonly sent: SentRequest[];
  /** Whether the next sends succeed; set to false to play a refusing or failing transport. */
  accepting: boolean;
  /** The bodies sent so far, parsed as JSON. */
  jsonBodies(): unknown[];
  clear(): void;
}

/**
 * `kind` defaults to 'memory'; a test may let it play a beacon, pixel or XHR where the
 * module under test looks at the kind. A refused send is recorded too, as the real request
 * would have been attempted.
 */
export function createMemoryTransport(options: { kind?: TransportKind; accepting?: boolean } = {}): MemoryTransport {
  const sent: SentRequest[] = [];
  const transport: MemoryTransport = {
    kind: options.kind ?? 'memory',
    sent,
    accepting: options.accepting ?? true,
    send(url, body) {
      sent.push({ url, body });
      return Promise.resolve(transport.accepting);
    },
    jsonBodies: () => sent.map((request) => JSON.parse(request.body) as unknown),
    clear: () => void sent.splice(0, sent.length),
  };
  return transport;
}
