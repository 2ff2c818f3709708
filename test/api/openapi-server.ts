/**
 * A loopback server that plays the service for the client tests: it checks every request against
 * the reference OpenAPI operation (method, path, query, auth, body), answers with bodies that are
 * valid against the operation's response schema, and injects faults on demand.
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import { loadSchemas, OPENAPI_PATH } from '../conformance/oracle';

type Json = Record<string, unknown>;
interface Operation {
  method: string;
  template: string;
  pattern: RegExp;
  parameters: { name: string; in: string; required?: boolean; schema: Json }[];
  requestBody?: { content: { 'application/json': { schema: Json } } };
  responses: Record<string, { content?: { 'application/json'?: { schema: Json } } }>;
  security?: unknown[];
}

/** A fault to answer with instead of the operation's normal answer. */
export type Fault = { status: number; headers?: Record<string, string>; body?: string } | { reset: true } | { delayMs: number };

/** One recorded request. */
export interface Recorded {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: string;
}

/** An answer that is not JSON (a zip, a plain-text secret), sent as is with its content type. */
export interface RawAnswer {
  raw: string | Uint8Array;
  contentType: string;
}

/** A raw answer for `startOpenApiServer`'s answers. */
export function rawAnswer(raw: string | Uint8Array, contentType: string): RawAnswer {
  return Object.assign(Object.create(RAW_ANSWER) as object, { raw, contentType });
}

const RAW_ANSWER = { kind: 'raw-answer' };
const isRawAnswer = (value: unknown): value is RawAnswer =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === RAW_ANSWER;

/** The success status an operation answers with (201 where the document declares no 200). */
const successOf = (operation: Operation) => (operation.responses['200'] || !operation.responses['201'] ? 200 : 201);

/** A query value as the service reads it for its schema: integers, numbers and booleans from their text. */
function coerceQuery(value: string, schema: string): unknown {
  if (/^-?\d+$/.test(value) && (schema.includes('"integer"') || schema.includes('"number"'))) return Number(value);
  if (/^-?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(value) && schema.includes('"number"')) return Number(value);
  if ((value === 'true' || value === 'false') && schema.includes('"boolean"')) return value === 'true';
  return value;
}

function loadOperations(): Operation[] {
  const document = JSON.parse(readFileSync(OPENAPI_PATH, 'utf8')) as { paths: Record<string, Record<string, Operation>> };
  const operations: Operation[] = [];
  for (const [template, methods] of Object.entries(document.paths)) {
    const pattern = new RegExp(`^${template.replace(/\{[^}]+\}/g, '([^/]+)')}$`);
    for (const [method, operation] of Object.entries(methods))
      operations.push({ ...operation, method: method.toUpperCase(), template, pattern });
  }
  return operations;
}

/** The credential header a request must carry, for every operation or per `METHOD template`. */
export type ExpectedAuth = { header: string; value: string } | ((operation: string) => { header: string; value: string });

/**
 * Starts the server; `answers` maps `METHOD template` to the JSON body of the operation's success
 * answer (200, or 201 where the document says so), or to a {@link rawAnswer}.
 */
export async function startOpenApiServer(answers: Record<string, unknown>, expectedAuth: ExpectedAuth) {
  const authFor = typeof expectedAuth === 'function' ? expectedAuth : () => expectedAuth;
  const schemas = loadSchemas();
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  ajv.addFormat('date-time', true);
  ajv.addSchema({ $id: 'openapi', components: { schemas } });
  const compile = (schema: Json): ValidateFunction =>
    ajv.compile({ $defs: {}, ...JSON.parse(JSON.stringify(schema).replaceAll('#/components/schemas/', 'openapi#/components/schemas/')) });
  const operations = loadOperations();
  const faults = new Map<string, Fault[]>();
  const recorded: Recorded[] = [];
  const violations: string[] = [];

  for (const [key, body] of Object.entries(answers)) {
    const operation = operations.find((candidate) => `${candidate.method} ${candidate.template}` === key);
    if (operation && isRawAnswer(body)) continue;
    const schema = operation?.responses[String(successOf(operation))]?.content?.['application/json']?.schema;
    if (!operation || !schema) throw new Error(`no operation or success schema for ${key}`);
    const validate = compile(schema);
    if (!validate(body)) throw new Error(`the test answer for ${key} breaks its schema: ${ajv.errorsText(validate.errors)}`);
  }

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const body = Buffer.concat(chunks).toString('utf8');
      recorded.push({ method: req.method ?? '', path: url.pathname, query: url.searchParams, headers: req.headers, body });
      const operation = operations.find((candidate) => candidate.method === req.method && candidate.pattern.test(url.pathname));
      const key = operation ? `${operation.method} ${operation.template}` : `${req.method} ${url.pathname}`;
      const problems: string[] = [];
      if (!operation) problems.push('no such operation');
      else {
        const auth = authFor(key);
        if (req.headers[auth.header] !== auth.value) problems.push(`missing or wrong ${auth.header}`);
        const known = new Set(operation.parameters?.filter((p) => p.in === 'query').map((p) => p.name));
        for (const name of new Set(url.searchParams.keys())) if (!known.has(name)) problems.push(`unknown query parameter ${name}`);
        for (const parameter of operation.parameters ?? []) {
          if (parameter.in !== 'query') continue;
          const values = url.searchParams.getAll(parameter.name);
          if (values.length === 0) {
            if (parameter.required) problems.push(`missing query parameter ${parameter.name}`);
            continue;
          }
          const isArray = (parameter.schema as { type?: string }).type === 'array';
          const value = isArray ? values : values[0];
          const coerced = typeof value === 'string' ? coerceQuery(value, JSON.stringify(parameter.schema)) : value;
          if (!isArray && values.length > 1) problems.push(`${parameter.name} repeated`);
          if (!compile(parameter.schema)(coerced)) problems.push(`query ${parameter.name}=${values.join(',')} breaks its schema`);
        }
        const requestSchema = operation.requestBody?.content['application/json']?.schema;
        if (requestSchema && body) {
          const validate = compile(requestSchema);
          if (!validate(JSON.parse(body))) problems.push(`body breaks its schema: ${ajv.errorsText(validate.errors)}`);
        } else if (!requestSchema && body) problems.push('a body where the operation takes none');
      }
      if (problems.length) {
        violations.push(`${req.method} ${url.pathname}${url.search}: ${problems.join('; ')}`);
        res.statusCode = 400;
        res.end(JSON.stringify({ detail: problems.join('; ') }));
        return;
      }
      const fault = faults.get(key)?.shift();
      if (fault && 'reset' in fault) {
        req.socket.destroy();
        return;
      }
      if (fault && 'delayMs' in fault) await new Promise((wait) => setTimeout(wait, fault.delayMs));
      if (fault && 'status' in fault) {
        res.writeHead(fault.status, fault.headers ?? {});
        res.end(fault.body ?? '');
        return;
      }
      const answer = answers[key] ?? null;
      res.statusCode = operation ? successOf(operation) : 200;
      res.setHeader('content-type', isRawAnswer(answer) ? answer.contentType : 'application/json');
      res.setHeader('x-request-id', `req_${recorded.length}`);
      res.end(isRawAnswer(answer) ? answer.raw : JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    recorded,
    violations,
    /** Queues faults for the next requests to `METHOD template`. */
    fail(key: string, ...queued: Fault[]) {
      faults.set(key, [...(faults.get(key) ?? []), ...queued]);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
