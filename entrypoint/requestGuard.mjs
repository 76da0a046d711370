// @ts-check
// Checks on the request line, made before Next sees the request. Next parses the query
// with URLSearchParams.getAll per key, which takes time in the square of the number of
// parameters (4,000 repeated keys: ~150 ms of one core, on any path, static files too),
// and it cannot handle a target that is not a path ("*" throws, an absolute URL is
// redirected to its foreign host). What is refused here never reaches that code.

/** Longest request target served (path and query); browsers' own links stay far below. */
export const REQUEST_TARGET_MAX = 4096;
/** Most query parameters served: the journey uses a handful (source, livemode, utm_*…), a tracking pixel some tens. */
export const QUERY_PARAMS_MAX = 100;
/**
 * Most header lines served: Node keeps only the first 1,000 in `req.headers` and drops the
 * rest unsaid, so an Origin or Sec-Fetch-Site sent after them would go unseen.
 */
export const HEADER_LINES_MAX = 1000;
/** Path prefixes of endpoints (ours and the rewritten spec paths) that take other methods than GET. */
const ENDPOINT_PREFIXES = ['/api/', '/martech/', '/user-context/', '/com.condenast/'];
const PAGE_METHODS = 'GET, HEAD';
const PAGE_METHODS_HANDLED = new Set(['GET', 'HEAD', 'POST']);

/**
 * @typedef {{ method?: string, url?: string, headers: Record<string, string | string[] | undefined>, rawHeaders?: string[] }} GuardedRequest
 * @typedef {{ status: number, code: string, message: string, headers?: Record<string, string> }} Refusal
 * @typedef {{ refuse: Refusal } | { rewrite: string } | null} Verdict
 */

/** @param {string} text */
function decodes(text) {
  try {
    decodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * What to do with a request before Next: refuse it (status, code, message), rewrite its
 * target (an absolute-form target naming this host becomes its path), or pass it (null).
 * @param {GuardedRequest} req
 * @returns {Verdict}
 */
export function guardRequest(req) {
  let target = req.url ?? '';
  const method = req.method ?? 'GET';
  if (target.length > REQUEST_TARGET_MAX) {
    return {
      refuse: {
        status: 414,
        code: 'uri_too_long',
        message: `The address is too long: at most ${REQUEST_TARGET_MAX} characters are served.`,
      },
    };
  }
  if ((req.rawHeaders?.length ?? 0) / 2 > HEADER_LINES_MAX) {
    return {
      refuse: {
        status: 431,
        code: 'too_many_headers',
        message: `The request has too many header lines: at most ${HEADER_LINES_MAX} are read.`,
        headers: { Connection: 'close' },
      },
    };
  }
  if (req.headers.upgrade !== undefined) {
    // No WebSocket or h2c here: an upgrade Next does not route would hold the connection open unanswered.
    return {
      refuse: {
        status: 400,
        code: 'upgrade_not_supported',
        message: 'This server does not switch protocols: send the request without an Upgrade header.',
        headers: { Connection: 'close' },
      },
    };
  }
  if (target === '*') {
    // "OPTIONS *" asks what the server supports as a whole (RFC 9110 9.3.7); nothing else may use "*".
    if (method === 'OPTIONS')
      return { refuse: { status: 204, code: 'options', message: '', headers: { Allow: 'GET, HEAD, POST, OPTIONS' } } };
    return { refuse: { status: 400, code: 'invalid_request_target', message: 'The request target "*" is only valid for OPTIONS.' } };
  }
  let rewrite = null;
  if (!target.startsWith('/')) {
    // Absolute form (RFC 9112 3.2.2) is accepted for this host only; any other host was
    // meant for a proxy, and answering for it would let the request name our redirects' host.
    let url;
    try {
      url = /^https?:\/\//i.test(target) ? new URL(target) : null;
    } catch {
      url = null;
    }
    if (!url)
      return {
        refuse: { status: 400, code: 'invalid_request_target', message: 'The request target must be a path such as /vogue/offer.' },
      };
    const host = String(req.headers.host ?? '').toLowerCase();
    if (url.host.toLowerCase() !== host) {
      return {
        refuse: {
          status: 421,
          code: 'misdirected_request',
          message: 'This server does not answer for the host named in the request target.',
        },
      };
    }
    rewrite = target = `${url.pathname}${url.search}`;
  }
  const queryStart = target.indexOf('?');
  const path = queryStart === -1 ? target : target.slice(0, queryStart);
  const query = queryStart === -1 ? '' : target.slice(queryStart + 1);
  if (query && query.split('&').length > QUERY_PARAMS_MAX) {
    return {
      refuse: {
        status: 400,
        code: 'too_many_query_parameters',
        message: `The address has too many query parameters: at most ${QUERY_PARAMS_MAX} are served.`,
      },
    };
  }
  const endpoint = ENDPOINT_PREFIXES.some((prefix) => path.startsWith(prefix));
  // Pages answer POST themselves (a branded 405); other methods Next would answer with an empty 400.
  if (!endpoint && !PAGE_METHODS_HANDLED.has(method)) {
    return {
      refuse: {
        status: 405,
        code: 'method_not_allowed',
        message: `${method} is not allowed on a page; use ${PAGE_METHODS}.`,
        headers: { Allow: PAGE_METHODS },
      },
    };
  }
  // A page's undecodable path gets the journey's own (branded) 400 page from Next; an
  // endpoint's, and any query's (which Next would let the page read as "not found"), are answered here.
  if ((endpoint && !decodes(path)) || !decodes(query.replace(/\+/g, ' '))) {
    return {
      refuse: {
        status: 400,
        code: 'malformed_address',
        message: 'The address could not be read: it holds a "%" that is not followed by two hexadecimal digits.',
      },
    };
  }
  return rewrite ? { rewrite } : null;
}

/** @param {string} text */
const escapeHtml = (text) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The refusal as a browser or a program wants it: a small page for a browser (a person
 * followed a broken link), our JSON error shape for everything else.
 * @param {GuardedRequest} req
 * @param {Refusal} refusal
 * @returns {{ status: number, headers: Record<string, string>, body: string }}
 */
export function refusalResponse(req, refusal) {
  const headers = { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff', ...refusal.headers };
  if (refusal.status === 204) return { status: 204, headers, body: '' };
  const accept = String(req.headers.accept ?? '');
  if (/\btext\/html\b/.test(accept)) {
    const body = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>This link is not quite right</title><style>body{font:16px/1.5 system-ui,sans-serif;margin:0;color:#111}main{max-width:36rem;margin:15vh auto;padding:0 1.5rem}h1{font-size:1.75rem}</style></head><body><main><h1>This link is not quite right</h1><p>${escapeHtml(refusal.message)}</p><p>Please check the link you followed, or open it again from the e-mail or page where you found it.</p></main></body></html>`;
    const page = {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
      'X-Frame-Options': 'DENY',
    };
    return { status: refusal.status, headers: { ...headers, ...page }, body };
  }
  return {
    status: refusal.status,
    headers: { ...headers, 'Content-Type': 'application/json; charset=utf-8' },
    body: JSON.stringify({ error: { code: refusal.code, message: refusal.message } }),
  };
}

/**
 * Wraps Next's request handler: refused requests are answered here, in constant time,
 * and never reach it.
 * @template {import('node:http').IncomingMessage} Req
 * @param {(req: Req, res: import('node:http').ServerResponse) => unknown} handle
 * @returns {(req: Req, res: import('node:http').ServerResponse) => unknown}
 */
export function withRequestGuard(handle) {
  return (req, res) => {
    const verdict = guardRequest(req);
    if (verdict && 'refuse' in verdict) {
      const { status, headers, body } = refusalResponse(req, verdict.refuse);
      res.writeHead(status, { ...headers, 'Content-Length': String(Buffer.byteLength(body)) });
      res.end(body);
      return undefined;
    }
    if (verdict) req.url = verdict.rewrite;
    return handle(req, res);
  };
}

/**
 * Answers a protocol upgrade (the server has no WebSocket) at once and closes the
 * connection, rather than leaving it to a handler that never answers.
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:stream').Duplex} socket
 */
export function refuseUpgrade(req, socket) {
  const verdict = guardRequest(req);
  const refusal =
    verdict && 'refuse' in verdict
      ? verdict.refuse
      : { status: 400, code: 'upgrade_not_supported', message: 'This server does not switch protocols.' };
  const { status, headers, body } = refusalResponse({ headers: { ...req.headers, accept: '' } }, refusal);
  endSocket(socket, status, 'Bad Request', headers, body);
}

/**
 * Writes a whole answer straight to a connection Node's HTTP server has handed over (an
 * upgrade, a request it could not parse), then closes it.
 * @param {import('node:stream').Duplex} socket
 * @param {number} status
 * @param {string} reason
 * @param {Record<string, string>} headers
 * @param {string} body
 */
function endSocket(socket, status, reason, headers, body) {
  const head = Object.entries({ ...headers, 'Content-Length': String(Buffer.byteLength(body)), Connection: 'close' }).map(
    ([name, value]) => `${name}: ${value}`,
  );
  socket.end(`HTTP/1.1 ${status} ${reason}\r\n${head.join('\r\n')}\r\n\r\n${body}`);
}

/** Node's parser errors, as the client should read them. */
const CLIENT_ERRORS = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    reason: 'Request Header Fields Too Large',
    code: 'headers_too_large',
    message: 'The request headers are too large.',
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    reason: 'Request Timeout',
    code: 'request_timeout',
    message: 'The request took too long to arrive.',
  },
};

/**
 * A request Node's parser could not read (a malformed Content-Length, a bad header line,
 * headers too large): answered in our JSON error shape rather than Node's bare 400, then
 * the connection is closed.
 * @param {Error & { code?: string }} error
 * @param {import('node:stream').Duplex} socket
 */
export function answerClientError(error, socket) {
  if (!socket.writable || error.code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  const known = CLIENT_ERRORS[/** @type {keyof typeof CLIENT_ERRORS} */ (error.code ?? '')];
  const { status, reason, code, message } = known ?? {
    status: 400,
    reason: 'Bad Request',
    code: 'malformed_request',
    message: 'The request could not be read: it is not valid HTTP.',
  };
  endSocket(socket, status, reason, { 'Content-Type': 'application/json; charset=utf-8' }, JSON.stringify({ error: { code, message } }));
}
