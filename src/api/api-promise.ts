/**
 * `APIPromise`: what every method of the client returns. Awaiting it gives the decoded body;
 * `.withResponse()` gives the body together with the HTTP status, headers and request id.
 * @module
 */
import type { RawResponse } from './transport';

/** A decoded body together with the answer it came in. */
export interface WithResponse<T> {
  /** The decoded body, as awaiting the promise gives it. */
  data: T;
  /** The status, headers (secrets removed), request id and URL of the answer. */
  response: RawResponse;
}

/**
 * A promise of a decoded body, with access to the raw answer:
 *
 * ```ts
 * const sandbox = await api.sandboxes.start();
 * const { data, response } = await api.sandboxes.start().withResponse();
 * console.log(response.status, response.requestId);
 * ```
 *
 * The request starts when the method is called, whether or not the promise is awaited.
 */
export class APIPromise<T> extends Promise<T> {
  readonly #exchange: Promise<WithResponse<T>>;
  #data: Promise<T> | undefined;

  /** Wraps the exchange of one call (the client makes these; there is no need to call this). */
  constructor(exchange: Promise<WithResponse<T>>) {
    super((resolve) => resolve(undefined as T));
    this.#exchange = exchange;
  }

  /** Promises derived with `then` are plain promises. */
  static override get [Symbol.species](): PromiseConstructor {
    return Promise;
  }

  /** The decoded body and the answer it came in: `{ data, response: { status, headers, requestId, url } }`. */
  withResponse(): Promise<WithResponse<T>> {
    return this.#exchange;
  }

  #decoded(): Promise<T> {
    this.#data ??= this.#exchange.then((exchange) => exchange.data);
    return this.#data;
  }

  // biome-ignore lint/suspicious/noThenProperty: awaiting an APIPromise is the point; it gives the decoded body.
  override then<R1 = T, R2 = never>(
    onfulfilled?: ((value: T) => R1 | PromiseLike<R1>) | null,
    onrejected?: ((reason: unknown) => R2 | PromiseLike<R2>) | null,
  ): Promise<R1 | R2> {
    return this.#decoded().then(onfulfilled, onrejected);
  }

  override catch<R = never>(onrejected?: ((reason: unknown) => R | PromiseLike<R>) | null): Promise<T | R> {
    return this.#decoded().catch(onrejected);
  }

  override finally(onfinally?: (() => void) | null): Promise<T> {
    return this.#decoded().finally(onfinally);
  }
}

/** An {@link APIPromise} that rejects with `error` without sending anything (a bad argument). */
export function rejectedPromise<T>(error: unknown): APIPromise<T> {
  return new APIPromise<T>(Promise.reject(error));
}
