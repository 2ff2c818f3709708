/**
 * One HTTP exchange with retries, timeouts, cancellation and redaction. Built on ofetch with its
 * own retry turned off: ofetch retries POSTs without backoff and drops `timeout` when a `signal` is
 * given, so both are done here.
 * @module
 */
import { createFetch, type FetchOptions } from 'ofetch';
import { APIConnectionError, type APIError, type APIErrorInit, APITimeoutError, errorForStatus } from './errors';
import { isSecretHeader, redactHeaders, scrub, scrubHeaders, scrubText, secretPattern } from './redact';
import { isRetryableStatus, retryDelayMs, sleep } from './retry';

/** What a debug hook sees of a request (secret headers redacted). */
export interface RequestInfo {
  method: string;
  url: string;
  headers: Record<string, string>;
  attempt: number;
}

/** What a debug hook sees of a response (secret headers redacted). */
export interface ResponseInfo extends RequestInfo {
  status: number;
}

/** Options of a transport. */
export interface TransportOptions {
  baseUrl: string;
  /** Headers of every request, the credentials among them. */
  headers: Record<string, string>;
  /** Strings that must never appear in what the client shows. */
  secrets: string[];
  fetch?: typeof globalThis.fetch | undefined;
  /** Milliseconds per attempt (default 60,000). */
  timeout?: number | undefined;
  /** Further attempts after the first (default 2). */
  maxRetries?: number | undefined;
  signal?: AbortSignal | undefined;
  onRequest?: ((info: RequestInfo) => void) | undefined;
  onResponse?: ((info: ResponseInfo) => void) | undefined;
}

/** The transport options a client passes through from its own options. */
export type SharedTransportOptions = Pick<TransportOptions, 'fetch' | 'timeout' | 'maxRetries' | 'signal' | 'onRequest' | 'onResponse'>;

/** Picks the {@link SharedTransportOptions} out of a client's options. */
export function sharedTransportOptions(options: SharedTransportOptions): SharedTransportOptions {
  const { fetch, timeout, maxRetries, signal, onRequest, onResponse } = options;
  return { fetch, timeout, maxRetries, signal, onRequest, onResponse };
}

/** What the server answered, besides the body: `.withResponse()` gives it. Secrets are removed from every value. */
export interface RawResponse {
  /** The HTTP status. */
  status: number;
  /** The response headers. */
  headers: Headers;
  /** The request id the server gave (`x-request-id`), when it gave one. */
  requestId: string | undefined;
  /** The URL of the request, query included. */
  url: string;
}

/** How to read a 2xx body: JSON (plain text when it is not JSON), text as is, or bytes. */
export type ResponseType = 'json' | 'text' | 'binary';

/** How to send a body: JSON, or `multipart/form-data` from an object of fields (bytes and `Blob`s go as files). */
export type BodyType = 'json' | 'multipart';

/** Statuses that are final for a request, each with the error class it is thrown as. */
export type StatusErrors = Readonly<Partial<Record<number, new (init: APIErrorInit) => APIError>>>;

/** The HTTP methods the API uses. */
export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** One request. */
export interface RequestSpec {
  method: HttpMethod;
  path: string;
  query?: Record<string, string | number | boolean | readonly string[] | undefined>;
  body?: unknown;
  /** How to send `body` (default `'json'`). */
  bodyType?: BodyType;
  /**
   * Whether sending the request twice does no harm. By default GET, PUT and DELETE are, POST and
   * PATCH are not. A request that is not is repeated only when the server surely did not act on
   * it: a connection refused before anything was sent, a 429, or a 503 with `Retry-After`.
   */
  idempotent?: boolean;
  /** A request that creates something: the same as `idempotent: false`. */
  create?: boolean;
  signal?: AbortSignal | undefined;
  /** Milliseconds per attempt, instead of the client's. */
  timeout?: number | undefined;
  /** Further attempts after the first, instead of the client's. */
  maxRetries?: number | undefined;
  /** Headers of this request, over the client's (the credentials among them). */
  headers?: Record<string, string> | undefined;
  /** How to read the body (default `'json'`). */
  responseType?: ResponseType;
  /**
   * Statuses that end this request for good: never tried again (a 429 that is a hard limit of the
   * operation, not a rate limit), and thrown as the given class instead of the status's usual one.
   */
  errors?: StatusErrors | undefined;
}

/** The body of an answer and the rest of it. */
export interface Exchange {
  body: unknown;
  response: RawResponse;
}

/** Whether a request may be sent again after the server may have acted on it. */
export function isIdempotent(spec: Pick<RequestSpec, 'method' | 'idempotent' | 'create'>): boolean {
  if (spec.create) return false;
  return spec.idempotent ?? (spec.method === 'GET' || spec.method === 'PUT' || spec.method === 'DELETE');
}

/** Whether a failed answer may be tried again: any retryable status when the request is idempotent; otherwise only when the server said it did not act. */
export function mayRetryStatus(status: number, headers: Headers, idempotent: boolean): boolean {
  if (!isRetryableStatus(status)) return false;
  return idempotent || status === 429 || (status === 503 && headers.has('retry-after'));
}

const isRefused = (error: unknown): boolean => {
  for (let cause = error as { code?: string; cause?: unknown } | undefined; cause; cause = cause.cause as typeof cause) {
    if (cause.code === 'ECONNREFUSED') return true;
  }
  return false;
};

const decoder = /* @__PURE__ */ new TextDecoder();

/** A body as the caller asked for it; an error body is read as JSON whenever it is JSON. */
function readBody(data: unknown, type: ResponseType, ok: boolean): unknown {
  if (ok && type === 'binary') return new Uint8Array(data as ArrayBuffer);
  const text = data instanceof ArrayBuffer ? decoder.decode(data) : ((data as string | undefined) ?? '');
  if (ok && type === 'text') return text;
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text; // A plain-text answer (some 500s are).
  }
}

/** A `multipart/form-data` body from an object of fields: `Blob`s and bytes as files, strings, numbers and booleans as text. */
function formDataOf(fields: unknown): FormData {
  if (fields === null || typeof fields !== 'object' || Array.isArray(fields)) {
    throw new TypeError('a multipart body must be an object of fields');
  }
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    if (value instanceof Blob) form.append(name, value, value instanceof File ? value.name : name);
    else if (value instanceof Uint8Array) form.append(name, new Blob([value as Uint8Array<ArrayBuffer>]), name);
    else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') form.append(name, String(value));
    else throw new TypeError(`the multipart field ${name} must be a Blob, a Uint8Array, a string, a number or a boolean`);
  }
  return form;
}

/** The body as fetch sends it, encoded once for every attempt. */
function encodeBody(spec: RequestSpec): string | FormData | undefined {
  if (spec.body === undefined) return undefined;
  return spec.bodyType === 'multipart' ? formDataOf(spec.body) : JSON.stringify(spec.body);
}

/** Creates the send function of a client: one exchange, with retries, per-request options and redaction. */
export function createTransport(options: TransportOptions) {
  const $fetch = createFetch({ fetch: options.fetch ?? globalThis.fetch });
  const base = options.baseUrl.replace(/\/+$/, '');
  const clientSecrets = secretPattern(options.secrets);

  return async function send(spec: RequestSpec): Promise<Exchange> {
    const timeout = spec.timeout ?? options.timeout ?? 60_000;
    const maxRetries = spec.maxRetries ?? options.maxRetries ?? 2;
    const responseType = spec.responseType ?? 'json';
    const extra = Object.entries(spec.headers ?? {}).filter(([name]) => isSecretHeader(name));
    const secrets = extra.length
      ? secretPattern([...options.secrets, ...extra.map(([, value]) => value.replace(/^Bearer /, ''))])
      : clientSecrets;
    const url = `${base}${spec.path}`;
    const callerSignals = [options.signal, spec.signal].filter((signal): signal is AbortSignal => signal !== undefined);
    const idempotent = isIdempotent(spec);
    const body = encodeBody(spec);
    const wait = (headers: Headers | undefined, attempt: number) =>
      sleep(retryDelayMs(headers, attempt, timeout), callerSignals.length ? AbortSignal.any(callerSignals) : undefined);
    for (let attempt = 1; ; attempt++) {
      const last = attempt > maxRetries;
      const timer = AbortSignal.timeout(timeout);
      const signal = AbortSignal.any([...callerSignals, timer]);
      const headers = {
        ...options.headers,
        // fetch writes a multipart body's content type itself, with its boundary.
        ...(typeof body === 'string' ? { 'content-type': 'application/json' } : {}),
        ...spec.headers,
      };
      options.onRequest?.({ method: spec.method, url: scrubText(url, secrets), headers: redactHeaders(headers, secrets), attempt });
      let response: Awaited<ReturnType<typeof $fetch.raw>>;
      try {
        const init: FetchOptions<'text' | 'arrayBuffer'> = {
          method: spec.method,
          headers,
          signal,
          retry: 0,
          ignoreResponseError: true,
          responseType: responseType === 'binary' ? 'arrayBuffer' : 'text',
        };
        if (spec.query) init.query = spec.query as Record<string, unknown>;
        if (body !== undefined) init.body = body;
        response = await $fetch.raw(url, init);
      } catch (error) {
        const aborted = callerSignals.find((candidate) => candidate.aborted);
        if (aborted) throw aborted.reason;
        const timedOut = timer.aborted;
        // A request that is not idempotent may have reached the server: only a refused connection proves it did not.
        if (!last && (idempotent || isRefused(error))) {
          await wait(undefined, attempt);
          continue;
        }
        const what = scrubText(`${spec.method} ${spec.path}`, secrets);
        if (timedOut) throw new APITimeoutError(`${what} got no answer within ${timeout} ms`);
        const reason = scrubText(String((error as { cause?: unknown }).cause ?? error), secrets);
        throw new APIConnectionError(`${what} could not reach the server: ${reason}`);
      }
      const responseHeaders = response.headers;
      options.onResponse?.({
        method: spec.method,
        url: scrubText(url, secrets),
        headers: redactHeaders(Object.fromEntries(responseHeaders.entries()), secrets),
        attempt,
        status: response.status,
      });
      const answer = readBody(response._data, responseType, response.ok);
      const status = response.status;
      if (response.ok) {
        const shown = scrubHeaders(responseHeaders, secrets);
        return {
          body: answer,
          response: {
            status,
            headers: shown,
            requestId: shown.get('x-request-id') ?? undefined,
            url: scrubText(response.url || url, secrets),
          },
        };
      }
      const Final = spec.errors?.[status];
      if (!last && !Final && mayRetryStatus(status, responseHeaders, idempotent)) {
        await wait(responseHeaders, attempt);
        continue;
      }
      const init: APIErrorInit = {
        status,
        headers: scrubHeaders(responseHeaders, secrets),
        body: scrub(answer, secrets),
        method: spec.method,
        path: scrubText(spec.path, secrets),
      };
      const error = Final ? new Final(init) : errorForStatus(init);
      error.message = scrubText(error.message, secrets);
      if (error.stack) error.stack = scrubText(error.stack, secrets);
      throw error;
    }
  };
}

/** The send function of a client. */
export type Send = ReturnType<typeof createTransport>;
