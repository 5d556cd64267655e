/**
 * react-router's data router builds a `Request` for every navigation; jsdom has none. Navigations
 * without loaders only read its url, method and signal, so a stub carrying those is enough.
 */
if (!('Request' in globalThis)) {
  class RequestStub {
    readonly url: string;
    readonly method: string;
    readonly signal: AbortSignal;

    constructor(input: string | URL, init: { method?: string; signal?: AbortSignal } = {}) {
      this.url = String(input);
      this.method = init.method ?? 'GET';
      this.signal = init.signal ?? new AbortController().signal;
    }
  }
  Object.assign(globalThis, { Request: RequestStub });
}
