/**
 * The core every namespace of the client calls: one operation (`call`), a paginated search
 * (`page`), a batch get (`batch`). Arguments are checked before anything is sent (a bad one
 * rejects with a `TypeError` or `RangeError`), bodies are decoded as the API's contract says.
 * @module
 */
import * as v from 'valibot';
import type { Event } from '../events/index';
import { APIPromise, type WithResponse } from './api-promise';
import { type EventDecoding, eventDecoder } from './event-item';
import { fetchPage, PagePromise, type RawPage } from './page';
import { buildQuery, type Query } from './query';
import { checkKeys, checkRequestOptions, type RequestOptions } from './request-options';
import { decodeResponse } from './response';
import type { BodyType, Exchange, HttpMethod, RawResponse, RequestSpec, ResponseType, Send, StatusErrors } from './transport';

/** A Valibot schema of a body, or a function that decodes one (and throws `APIResponseValidationError`). */
export type Decoder<T> = v.GenericSchema<unknown, T> | ((value: unknown, where: string) => T);

/** One call of an operation. */
export interface CallSpec<T> {
  /** `namespace.method`, for messages. */
  name: string;
  method: RequestSpec['method'];
  /** The OpenAPI path template, such as `/api/v1/sandboxes/{sandbox_id}/pause`. */
  path: string;
  /** The values of the template's parameters. */
  pathParams?: Record<string, string>;
  /** The operation's query parameters, as the API names them. */
  query?: readonly string[];
  /** The caller's parameters object (checked against `query`). */
  params?: object | undefined;
  body?: unknown;
  /** How to send `body` (default JSON). */
  bodyType?: BodyType;
  /** Checks the arguments before anything is sent; what it throws rejects the call. */
  check?: () => void;
  /** Whether the request may be sent again after the server may have acted on it. */
  idempotent: boolean;
  responseType?: ResponseType;
  /** Statuses that end the call for good, each with the error class it is thrown as. */
  errors?: StatusErrors;
  decode: Decoder<T>;
  options: RequestOptions | undefined;
}

/** A paginated search: `decode` decodes one item. */
export type PageSpec<T> = Omit<CallSpec<T>, 'method' | 'idempotent' | 'responseType'>;

/** A batch get: ids as the repeated query parameter `key`, at most {@link MAX_BATCH_IDS} per request. */
export interface BatchSpec<T> extends Pick<CallSpec<T>, 'name' | 'path' | 'pathParams' | 'decode' | 'options'> {
  key: string;
  ids: readonly string[];
}

/** The largest number of ids the service takes in one batch get. */
export const MAX_BATCH_IDS = 99;

const NullableList = v.array(v.unknown());
const RawPageSchema = v.looseObject({ items: v.array(v.unknown()), next_page_id: v.exactOptional(v.nullable(v.string())) });

/** The path with each `{name}` replaced by its value, percent-encoded; `''`, `.` and `..` are refused. */
export function fillPath(template: string, values: Record<string, string> | undefined, what: string): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = values?.[name];
    if (typeof value !== 'string' || value === '' || value === '.' || value === '..') {
      throw new TypeError(
        `${what}: ${name} must be a non-empty string other than "." and "..", not ${JSON.stringify(value) ?? 'undefined'}`,
      );
    }
    return encodeURIComponent(value);
  });
}

/** Decodes a value with a schema or a decoding function. */
export function decodeWith<T>(decoder: Decoder<T>, value: unknown, where: string): T {
  return typeof decoder === 'function' ? decoder(value, where) : decodeResponse(decoder, value, where);
}

/** A request of the escape hatch, `client.request(method, path, init)`. */
export interface RawRequestInit<T = unknown> extends RequestOptions {
  /** Query parameters; a list becomes a repeated key, `undefined` is left out. */
  query?: Query | undefined;
  /** A JSON body. */
  body?: unknown;
  /** Whether the request may be sent again after the server may have acted on it (default: GET, PUT, DELETE). */
  idempotent?: boolean | undefined;
  /** How to read the body (default `'json'`). */
  responseType?: ResponseType | undefined;
  /** Checks the body; without it the body is returned as parsed, unchecked. */
  schema?: v.GenericSchema<unknown, T> | undefined;
}

export type { HttpMethod } from './transport';

const RAW_KEYS = ['query', 'body', 'idempotent', 'responseType', 'schema', 'signal', 'timeout', 'maxRetries', 'headers'];
const METHODS: readonly string[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** What every namespace of a client calls. */
export interface ClientCore {
  /** How the client decodes events: kinds and fields no schema knows, and whom it tells about kept fields. */
  readonly decoding: EventDecoding;
  /** Decodes one event of an answer, as `decoding` says. */
  readonly decodeEvent: (value: unknown, where: string) => Event;
  /** One request of an operation, its body decoded. */
  call<T>(spec: CallSpec<T>): APIPromise<T>;
  /** A paginated search: awaiting gives the first page, `for await` walks every item. */
  page<T>(spec: PageSpec<T>): PagePromise<T>;
  /** A batch get, {@link MAX_BATCH_IDS} ids per request, answers in order, `null` for unknown ids. */
  batch<T>(spec: BatchSpec<T>): APIPromise<(T | null)[]>;
  /** Any request: the escape hatch for what the OpenAPI document does not have yet. */
  raw<T>(method: HttpMethod, path: string, init: RawRequestInit<T> | undefined): APIPromise<T>;
}

/** The core of a client over its send function. */
export function createCore(send: Send, decoding: EventDecoding = { unknownKinds: 'reject' }): ClientCore {
  const exchange = (spec: CallSpec<unknown>, options: RequestOptions, query: Query | undefined, path: string): Promise<Exchange> => {
    const request: RequestSpec = { method: spec.method, path, idempotent: spec.idempotent, ...options };
    if (query && Object.keys(query).length) request.query = query;
    if (spec.body !== undefined) request.body = spec.body;
    if (spec.bodyType) request.bodyType = spec.bodyType;
    if (spec.responseType) request.responseType = spec.responseType;
    if (spec.errors) request.errors = spec.errors;
    return send(request);
  };
  const prepare = (spec: CallSpec<unknown>) => {
    spec.check?.();
    const options = checkRequestOptions(spec.options, spec.name);
    const path = fillPath(spec.path, spec.pathParams, spec.name);
    const query = spec.query ? buildQuery(spec.params, spec.query, spec.name) : undefined;
    if (!spec.query) checkKeys(spec.params, [], spec.name, 'option');
    return { options, path, query };
  };

  return {
    decoding,
    decodeEvent: eventDecoder(decoding) as (value: unknown, where: string) => Event,

    call<T>(spec: CallSpec<T>): APIPromise<T> {
      return new APIPromise(
        (async (): Promise<WithResponse<T>> => {
          const { options, path, query } = prepare(spec);
          const { body, response } = await exchange(spec, options, query, path);
          return { data: decodeWith(spec.decode, body, `${spec.method} ${path}`), response };
        })(),
      );
    },

    page<T>(spec: PageSpec<T>): PagePromise<T> {
      const call = { ...spec, method: 'GET' as const, idempotent: true };
      return new PagePromise(
        (async () => {
          const { options, path, query } = prepare(call);
          const where = `GET ${path}`;
          const fetchOne = async (pageId: string | undefined): Promise<RawPage<T>> => {
            const { body, response } = await exchange(call, options, { ...query, page_id: pageId }, path);
            const raw = decodeResponse(RawPageSchema, body, where);
            const items = raw.items.map((item, index) => decodeWith(spec.decode, item, `${where} items.${index}`));
            return { data: { items, next_page_id: raw.next_page_id ?? null }, response };
          };
          return fetchPage(fetchOne, query?.page_id as string | undefined);
        })(),
      );
    },

    batch<T>(spec: BatchSpec<T>): APIPromise<(T | null)[]> {
      const call: CallSpec<unknown> = { ...spec, method: 'GET', idempotent: true };
      return new APIPromise(
        (async () => {
          if (!Array.isArray(spec.ids) || spec.ids.some((id) => typeof id !== 'string')) {
            throw new TypeError(`${spec.name}: ids must be a list of strings`);
          }
          const { options, path } = prepare(call);
          const where = `GET ${path}`;
          const out: (T | null)[] = [];
          // No ids, no request: `withResponse()` then reports status 0.
          let last: RawResponse = { status: 0, headers: new Headers(), requestId: undefined, url: '' };
          for (let at = 0; at < spec.ids.length; at += MAX_BATCH_IDS) {
            const { body, response } = await exchange(call, options, { [spec.key]: spec.ids.slice(at, at + MAX_BATCH_IDS) }, path);
            const items = decodeResponse(NullableList, body, where);
            out.push(...items.map((item, index) => (item === null ? null : decodeWith(spec.decode, item, `${where} ${at + index}`))));
            last = response;
          }
          return { data: out, response: last };
        })(),
      );
    },

    raw<T>(method: HttpMethod, path: string, init: RawRequestInit<T> | undefined): APIPromise<T> {
      return new APIPromise(
        (async (): Promise<WithResponse<T>> => {
          const what = `request(${JSON.stringify(method)}, ${JSON.stringify(path)})`;
          if (!METHODS.includes(method)) throw new TypeError(`${what}: the method must be one of ${METHODS.join(', ')}`);
          if (typeof path !== 'string' || !path.startsWith('/') || path.startsWith('//')) {
            throw new TypeError(`${what}: the path must start with a single "/" (it is joined to the client's baseUrl)`);
          }
          checkKeys(init, RAW_KEYS, what, 'option');
          const { query, body, idempotent, responseType, schema, ...rest } = init ?? {};
          const options = checkRequestOptions(rest, what);
          const request: RequestSpec = { method, path, ...options };
          if (query !== undefined) request.query = query;
          if (body !== undefined) request.body = body;
          if (idempotent !== undefined) request.idempotent = idempotent;
          if (responseType !== undefined) request.responseType = responseType;
          const answer = await send(request);
          return {
            data: schema ? decodeResponse(schema, answer.body, `${method} ${path}`) : (answer.body as T),
            response: answer.response,
          };
        })(),
      );
    },
  };
}
