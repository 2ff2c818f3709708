/**
 * A loopback server that plays the service, or its agent server, for the client tests: it checks
 * every request against the vendored OpenAPI operation (method, path, query, auth, body: JSON or
 * multipart/form-data), answers with bodies that are valid against the operation's response
 * schema, and injects faults on demand. The document is read with what the API generator added to
 * it (./generated/document-patches.ts: request bodies the server reads although its document
 * declares none), so those bodies are checked too.
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import { OPENAPI_PATH } from '../conformance/oracle';
import { DOCUMENT_PATCHES } from './generated/document-patches';

type Json = Record<string, unknown>;
interface Operation {
  method: string;
  template: string;
  pattern: RegExp;
  parameters: { name: string; in: string; required?: boolean; schema: Json }[];
  requestBody?: { required?: boolean; content: Record<string, { schema: Json }> };
  responses: Record<string, { content?: { 'application/json'?: { schema: Json } } }>;
  security?: unknown[];
}

interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Json> };
}

/** The vendored documents the server can play: the service's (its `/api/v1`) and its agent server's. */
export type DocumentName = 'service' | 'agent-server';

const DOCUMENT_PATHS: Record<DocumentName, string> = {
  service: OPENAPI_PATH,
  'agent-server': fileURLToPath(new URL('../../spec/agent-server-openapi.json', import.meta.url)),
};

/** A fault to answer with instead of the operation's normal answer. */
export type Fault = { status: number; headers?: Record<string, string>; body?: string } | { reset: true } | { delayMs: number };

/** One recorded request. */
export interface Recorded {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: string;
  /** The fields of a multipart/form-data body, files as their text. */
  form?: Record<string, string>;
}

/** An answer that is not JSON (a zip, a plain-text secret), sent as is with its content type and headers. */
export interface RawAnswer {
  raw: string | Uint8Array;
  contentType: string;
  headers?: Record<string, string>;
}

/** A raw answer for `startOpenApiServer`'s answers. */
export function rawAnswer(raw: string | Uint8Array, contentType: string, headers?: Record<string, string>): RawAnswer {
  return Object.assign(Object.create(RAW_ANSWER) as object, { raw, contentType, ...(headers ? { headers } : {}) });
}

const RAW_ANSWER = { kind: 'raw-answer' };
const isRawAnswer = (value: unknown): value is RawAnswer =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === RAW_ANSWER;

/** An answer that depends on the request (a page after `page_id`): a JSON body or a {@link rawAnswer}, checked when given. */
export type AnswerFunction = (request: Recorded) => unknown;

/** The success status an operation answers with (201 where the document declares no 200). */
const successOf = (operation: Operation) => (operation.responses['200'] || !operation.responses['201'] ? 200 : 201);

/** A query value as the service reads it for its schema: integers, numbers and booleans from their text. */
function coerceQuery(value: string, schema: string): unknown {
  if (/^-?\d+$/.test(value) && (schema.includes('"integer"') || schema.includes('"number"'))) return Number(value);
  if (/^-?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(value) && schema.includes('"number"')) return Number(value);
  if ((value === 'true' || value === 'false') && schema.includes('"boolean"')) return value === 'true';
  return value;
}

/** A vendored document, with what the API generator added to it. */
function loadDocument(name: DocumentName): Document {
  const document = JSON.parse(readFileSync(DOCUMENT_PATHS[name], 'utf8')) as Document;
  const patch = DOCUMENT_PATCHES[name];
  if (patch) {
    Object.assign(document.components.schemas, patch.schemas);
    for (const [schemaName, properties] of Object.entries(patch.properties)) {
      const schema = document.components.schemas[schemaName] as { properties?: Record<string, unknown> } | undefined;
      if (!schema?.properties) throw new Error(`document-patches.ts adds fields to ${schemaName}, which ${name}'s document does not have`);
      Object.assign(schema.properties, properties);
    }
    for (const [key, body] of Object.entries(patch.requestBodies)) {
      const [method = '', template = ''] = key.split(' ');
      const operation = document.paths[template]?.[method.toLowerCase()];
      if (!operation) throw new Error(`document-patches.ts adds a body to ${key}, which ${name}'s document does not have`);
      operation.requestBody = body as NonNullable<Operation['requestBody']>;
    }
  }
  return document;
}

function loadOperations(document: Document): Operation[] {
  const operations: Operation[] = [];
  for (const [template, methods] of Object.entries(document.paths)) {
    const pattern = new RegExp(`^${template.replace(/\{[^}]+\}/g, '([^/]+)')}$`);
    for (const [method, operation] of Object.entries(methods))
      operations.push({ ...operation, method: method.toUpperCase(), template, pattern });
  }
  return operations;
}

/** The fields of a multipart/form-data body (files as text); rejects when it does not parse. */
async function readForm(
  raw: Buffer,
  contentType: string,
): Promise<{ fields: Map<string, FormDataEntryValue>; form: Record<string, string> }> {
  const data = await new Request('http://loopback/', {
    method: 'POST',
    headers: { 'content-type': contentType },
    body: new Uint8Array(raw),
  }).formData();
  const fields = new Map<string, FormDataEntryValue>();
  const form: Record<string, string> = {};
  for (const [name, value] of data) {
    fields.set(name, value);
    form[name] = typeof value === 'string' ? value : await value.text();
  }
  return { fields, form };
}

/** What is wrong with a multipart body, against its schema: required fields, files, unknown fields. */
function formProblems(fields: Map<string, FormDataEntryValue>, schema: Json, schemas: Record<string, Json>): string[] {
  const ref = (schema as { $ref?: string }).$ref;
  const object = (ref ? schemas[ref.split('/').pop() ?? ''] : schema) as { properties?: Record<string, Json>; required?: string[] };
  const problems: string[] = [];
  for (const name of object.required ?? []) if (!fields.has(name)) problems.push(`form field ${name} is missing`);
  for (const [name, value] of fields) {
    const property = object.properties?.[name];
    if (!property) problems.push(`form field ${name} is not one the operation takes`);
    else if (property.contentMediaType === 'application/octet-stream' && typeof value === 'string')
      problems.push(`form field ${name} must be a file`);
  }
  return problems;
}

/** The credential header a request must carry, for every operation or per `METHOD template`. */
export type ExpectedAuth = { header: string; value: string } | ((operation: string) => { header: string; value: string });

/**
 * Starts the server; `answers` maps `METHOD template` to the JSON body of the operation's success
 * answer (200, or 201 where the document says so), to a {@link rawAnswer}, or to an
 * {@link AnswerFunction} of the request. `document` is the
 * vendored document it plays (default the service's).
 */
export async function startOpenApiServer(
  answers: Record<string, unknown>,
  expectedAuth: ExpectedAuth,
  { document: name = 'service' }: { document?: DocumentName } = {},
) {
  const authFor = typeof expectedAuth === 'function' ? expectedAuth : () => expectedAuth;
  const document = loadDocument(name);
  const schemas = document.components.schemas;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  ajv.addFormat('date-time', true);
  ajv.addFormat('password', true); // a secret string (an LLM key), any text
  ajv.addSchema({ $id: 'openapi', components: { schemas } });
  const compile = (schema: Json): ValidateFunction =>
    ajv.compile({ $defs: {}, ...JSON.parse(JSON.stringify(schema).replaceAll('#/components/schemas/', 'openapi#/components/schemas/')) });
  const operations = loadOperations(document);
  const faults = new Map<string, Fault[]>();
  const recorded: Recorded[] = [];
  const violations: string[] = [];

  for (const [key, body] of Object.entries(answers)) {
    const operation = operations.find((candidate) => `${candidate.method} ${candidate.template}` === key);
    if (operation && (isRawAnswer(body) || typeof body === 'function')) continue;
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
      const raw = Buffer.concat(chunks);
      const body = raw.toString('utf8');
      const entry: Recorded = { method: req.method ?? '', path: url.pathname, query: url.searchParams, headers: req.headers, body };
      recorded.push(entry);
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
          const isArray = JSON.stringify(parameter.schema).includes('"type":"array"');
          const value = isArray ? values : values[0];
          const coerced = typeof value === 'string' ? coerceQuery(value, JSON.stringify(parameter.schema)) : value;
          if (!isArray && values.length > 1) problems.push(`${parameter.name} repeated`);
          if (!compile(parameter.schema)(coerced)) problems.push(`query ${parameter.name}=${values.join(',')} breaks its schema`);
        }
        const contentType = req.headers['content-type'] ?? '';
        const jsonSchema = operation.requestBody?.content['application/json']?.schema;
        const formSchema = operation.requestBody?.content['multipart/form-data']?.schema;
        if (!body) {
          if (operation.requestBody?.required) problems.push('no body where the operation requires one');
        } else if (jsonSchema) {
          if (!contentType.startsWith('application/json')) problems.push(`a JSON body sent as ${contentType || 'no content type'}`);
          let parsed: unknown;
          try {
            parsed = JSON.parse(body);
          } catch {
            problems.push('a body that is not JSON');
          }
          const validate = compile(jsonSchema);
          if (parsed !== undefined && !validate(parsed)) problems.push(`body breaks its schema: ${ajv.errorsText(validate.errors)}`);
        } else if (formSchema) {
          if (!contentType.startsWith('multipart/form-data')) problems.push(`a form sent as ${contentType || 'no content type'}`);
          else {
            const read = await readForm(raw, contentType).catch(() => undefined);
            if (read) {
              entry.form = read.form;
              problems.push(...formProblems(read.fields, formSchema, schemas));
            } else problems.push('a multipart body that does not parse');
          }
        } else problems.push('a body where the operation takes none');
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
      const given = answers[key] ?? null;
      const answer = typeof given === 'function' ? (given as AnswerFunction)(entry) : given;
      if (operation && !isRawAnswer(answer) && typeof given === 'function') {
        const schema = operation.responses[String(successOf(operation))]?.content?.['application/json']?.schema;
        const validate = schema ? compile(schema) : undefined;
        if (validate && !validate(answer)) violations.push(`the answer to ${key} breaks its schema: ${ajv.errorsText(validate.errors)}`);
      }
      res.statusCode = operation ? successOf(operation) : 200;
      res.setHeader('content-type', isRawAnswer(answer) ? answer.contentType : 'application/json');
      for (const [header, value] of Object.entries(isRawAnswer(answer) ? (answer.headers ?? {}) : {})) res.setHeader(header, value);
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
