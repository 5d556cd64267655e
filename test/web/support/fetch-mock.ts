const statusTexts: Record<number, string> = {
  200: 'OK',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  500: 'Internal Server Error',
};

/** The parts of a fetch Response the API client reads. */
export function jsonResponse(body: unknown, status = 200): Response {
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText: statusTexts[status] ?? '',
    text: async () => (body === undefined ? '' : JSON.stringify(body)),
  } as Response;
}

export function errorResponse(status: number, message: string): Response {
  const codes: Record<number, string> = {
    400: 'VALIDATION_ERROR',
    401: 'UNAUTHORIZED',
    403: 'FORBIDDEN',
    500: 'INTERNAL_ERROR',
  };
  return jsonResponse({ error: { code: codes[status] ?? 'INTERNAL_ERROR', message } }, status);
}

export interface RecordedCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

type Handler = (call: RecordedCall) => Response | Promise<Response>;

/**
 * Replaces the global fetch with a router keyed by "METHOD /path". An unexpected call fails the
 * test loudly instead of hanging. Returns the calls made, in order.
 */
export function mockApi(handlers: Record<string, Handler>): RecordedCall[] {
  const calls: RecordedCall[] = [];
  const fetchMock = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const call: RecordedCall = {
      url: String(input),
      method: init.method ?? 'GET',
      headers: { ...(init.headers as Record<string, string> | undefined) },
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const handler = handlers[`${call.method} ${call.url}`];
    if (handler === undefined) throw new Error(`Unexpected request ${call.method} ${call.url}`);
    return handler(call);
  });
  Object.assign(globalThis, { fetch: fetchMock });
  return calls;
}

/** A response the test releases when it chooses, to observe in-flight states. */
export function deferredResponse(): {
  promise: Promise<Response>;
  resolve: (response: Response) => void;
} {
  let resolve!: (response: Response) => void;
  const promise = new Promise<Response>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}
