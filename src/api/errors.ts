/**
 * The errors the API client throws: one class per HTTP status family, with the parsed body and the
 * request id, and never a secret in a message.
 * @module
 */

import type { ValidationErrorItem } from '../events/index';
import { AgentwireError } from '../internal/agentwire-error';
import { askedRetryAfterMs } from '../internal/http-retry';

/** What an {@link APIError} is built from. */
export interface APIErrorInit {
  status: number;
  headers: Headers;
  body: unknown;
  method: string;
  path: string;
}

/** The text a body gives for a message: `detail` (string or items), `error`, `message`, or plain text. */
export function describeBody(body: unknown): string | undefined {
  if (typeof body === 'string') return body.trim().slice(0, 300) || undefined;
  if (!body || typeof body !== 'object') return undefined;
  const record = body as Record<string, unknown>;
  const detail = record.detail ?? record.error ?? record.message;
  if (typeof detail === 'string') return detail;
  if (Array.isArray(detail)) {
    return detail
      .slice(0, 5)
      .map((item) => {
        const entry = item as Partial<ValidationErrorItem>;
        return `${Array.isArray(entry.loc) ? entry.loc.join('.') : '?'}: ${entry.msg ?? JSON.stringify(item)}`;
      })
      .join('; ');
  }
  if (detail && typeof detail === 'object') return JSON.stringify(detail).slice(0, 300);
  return undefined;
}

/** A non-2xx answer of the service. */
export class APIError extends AgentwireError {
  override name = 'APIError';
  /** The HTTP status. */
  readonly status: number;
  /** The response headers. */
  readonly headers: Headers;
  /** The response body: parsed JSON when it was JSON, the text otherwise. */
  readonly body: unknown;
  /** The request id the server gave (`x-request-id`), when it gave one. */
  readonly requestId: string | undefined;

  constructor(init: APIErrorInit) {
    const text = describeBody(init.body);
    super(`${init.method} ${init.path} answered ${init.status}${text ? `: ${text}` : ''}`);
    this.status = init.status;
    this.headers = init.headers;
    this.body = init.body;
    this.requestId = init.headers.get('x-request-id') ?? undefined;
  }
}

/** 400 Bad Request. */
export class BadRequestError extends APIError {
  override name = 'BadRequestError';
}
/** 401: the key is missing or wrong. */
export class AuthenticationError extends APIError {
  override name = 'AuthenticationError';
}
/** 403: the key may not do this. */
export class PermissionDeniedError extends APIError {
  override name = 'PermissionDeniedError';
}
/** 404 Not Found. */
export class NotFoundError extends APIError {
  override name = 'NotFoundError';
}
/** 409 Conflict. */
export class ConflictError extends APIError {
  override name = 'ConflictError';
}
/** 422: the request failed validation; `detail` holds the service's items. */
export class UnprocessableEntityError extends APIError {
  override name = 'UnprocessableEntityError';
  /** The validation items, when the body had them. */
  get detail(): ValidationErrorItem[] {
    const detail = (this.body as { detail?: unknown } | undefined)?.detail;
    return Array.isArray(detail) ? (detail as ValidationErrorItem[]) : [];
  }
}
/** 429: rate limited; `retryAfter` in seconds when the server said. */
export class RateLimitError extends APIError {
  override name = 'RateLimitError';
  /**
   * The seconds the server asked to wait before the next request (its `Retry-After`, in seconds or
   * as an HTTP date, counted from when the answer came; not capped as the client's own retries
   * are), or `undefined` when it did not say or said something unreadable.
   */
  readonly retryAfter: number | undefined;

  constructor(init: APIErrorInit) {
    super(init);
    const ms = askedRetryAfterMs(init.headers);
    this.retryAfter = ms !== undefined && Number.isFinite(ms) ? ms / 1000 : undefined;
  }
}
/** 5xx: the server failed. */
export class InternalServerError extends APIError {
  override name = 'InternalServerError';
}

/** The request never got an answer (refused, reset, DNS…). */
export class APIConnectionError extends AgentwireError {
  override name = 'APIConnectionError';
}
/** The answer did not come within the timeout. */
export class APITimeoutError extends APIConnectionError {
  override name = 'APITimeoutError';
}
/** The server answered 2xx with a body that breaks the API's contract. */
export class APIResponseValidationError extends AgentwireError {
  override name = 'APIResponseValidationError';
}

/** The error class for a status. */
export function errorForStatus(init: APIErrorInit): APIError {
  const { status } = init;
  if (status === 400) return new BadRequestError(init);
  if (status === 401) return new AuthenticationError(init);
  if (status === 403) return new PermissionDeniedError(init);
  if (status === 404) return new NotFoundError(init);
  if (status === 409) return new ConflictError(init);
  if (status === 422) return new UnprocessableEntityError(init);
  if (status === 429) return new RateLimitError(init);
  if (status >= 500) return new InternalServerError(init);
  return new APIError(init);
}
