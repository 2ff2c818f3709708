// @ts-check
// One operation as a method of the client: its documentation, its signature, and the call it makes
// through the client's core (for api-emit.mjs's namespace files).
import { describe, tsOf, valibotOf } from './api-convert.mjs';
import { nonNull, refTo } from './openapi.mjs';
import { docComment, key, lit } from './source-text.mjs';

/** @import { Context } from './api-convert.mjs' */
/** @import { ApiOperation } from './api-model.mjs' */

/** Whether the method takes `params`: a page's (`PageParams`), or query parameters of its own. */
const hasParams = (/** @type {ApiOperation} */ operation) => operation.kind === 'page' || operation.query.length > 0;

/**
 * What the method resolves to, and how the body is decoded.
 * @param {ApiOperation} operation
 * @param {Context} ctx
 */
function responseOf(operation, ctx) {
  if (operation.response === 'binary') return { type: 'Uint8Array', decode: 'v.instance(Uint8Array)' };
  if (operation.response === 'text') return { type: 'string', decode: 'v.string()' };
  return { type: tsOf(operation.responseSchema, ctx), decode: valibotOf(operation.responseSchema, ctx) };
}

/**
 * The item type and decoder of a page or batch operation.
 * @param {ApiOperation & { item: string }} operation
 * @param {Context} ctx
 * @param {Set<string>} decoders
 */
function itemOf(operation, ctx, decoders) {
  const external = ctx.api.EXTERNAL[operation.item];
  if (external) {
    if (!external.decoder) throw new Error(`${operation.item}: the items of ${operation.id} need a decoder in EXTERNAL`);
    decoders.add(external.decoder);
    ctx.external.add(external.type);
    return { type: external.type, decode: external.decoder };
  }
  const node = { $ref: refTo(operation.item) };
  return { type: tsOf(node, ctx), decode: valibotOf(node, ctx) };
}

/**
 * The documentation of an operation's method.
 * @param {ApiOperation} operation
 */
export function methodDoc(operation) {
  const parts = [operation.description?.split(/\n\s*\n/)[0] ?? operation.summary];
  for (const parameter of operation.positional) {
    const text = parameter.description ?? describe(parameter.schema, parameter.name);
    if (text) parts.push(`\`${parameter.arg}\`: ${text.replace(/\.?$/, '.')}`);
  }
  if (operation.note) parts.push(operation.note);
  if (operation.kind === 'page') parts.push('Awaiting gives the first page; `for await` walks every item of every page.');
  if (operation.kind === 'batch') {
    parts.push(
      `Ids go as repeated \`${operation.key}\` parameters, 99 per request; the answers come in the order of \`ids\`, \`null\` for an unknown id.`,
    );
  }
  if (operation.headers.length)
    parts.push(
      `The header parameters of the document (${operation.headers.map((name) => `\`${name}\``).join(', ')}) go in \`options.headers\`.`,
    );
  if (!operation.idempotent) {
    parts.push('Not sent again once the server may have acted on it: only after a refused connection, a 429, or a 503 with `Retry-After`.');
  }
  parts.push(`\`${operation.method} ${operation.path}\``);
  return docComment(parts.join('\n\n'), '  ');
}

/**
 * The `check` line of a call: each of the operation's checks called with its argument and the method's name.
 * @param {ApiOperation} operation
 * @param {Context} ctx
 */
function checkLine(operation, ctx) {
  const calls = Object.entries(operation.checks).map(([arg, fn]) => {
    ctx.handWritten.add(fn);
    return `${fn}(${arg}, ${lit(operation.at)})`;
  });
  if (calls.length === 0) return undefined;
  return calls.length === 1 ? `check: () => ${calls[0]}` : `check: () => {\n${calls.map((call) => `  ${call};`).join('\n')}\n}`;
}

/**
 * The `errors` line of a call: the statuses that end it, with their classes.
 * @param {ApiOperation} operation
 * @param {Context} ctx
 */
function errorsLine(operation, ctx) {
  const entries = Object.entries(operation.errors);
  for (const [, name] of entries) ctx.handWritten.add(name);
  return entries.length ? `errors: { ${entries.map(([status, name]) => `${status}: ${name}`).join(', ')} }` : undefined;
}

/**
 * The argument that carries a path parameter.
 * @param {ApiOperation} operation
 * @param {string} name
 */
function pathArg(operation, name) {
  const parameter = operation.pathParams.find((p) => p.name === name);
  if (!parameter) throw new Error(`${operation.id}: sameAs names ${name}, which is not a path parameter`);
  return parameter.arg;
}

/**
 * The signature's arguments and the call's lines of one operation.
 * @param {ApiOperation} operation
 * @param {Context} ctx
 * @param {Set<string>} decoders
 */
export function methodParts(operation, ctx, decoders) {
  const args = operation.pathParams.map((parameter) => `${parameter.arg}: string`);
  const names = operation.pathParams.map((parameter) => parameter.arg);
  for (const parameter of operation.positional) {
    args.push(`${parameter.arg}: ${tsOf(nonNull(parameter.schema), ctx)}`);
    names.push(parameter.arg);
  }
  const spec = [`name: ${lit(operation.at)}`];
  if (operation.kind !== 'page' && operation.kind !== 'batch') spec.push(`method: ${lit(operation.method)}`);
  spec.push(`path: ${lit(operation.path)}`);
  const pathValues = operation.pathParams.map((parameter) =>
    parameter.name === parameter.arg ? parameter.arg : `${key(parameter.name)}: ${parameter.arg}`,
  );
  if (pathValues.length) spec.push(`pathParams: { ${pathValues.join(', ')} }`);
  /** @type {{ type: string, call: 'batch' | 'page' | 'call', decode: string }} */
  let result;
  if (operation.kind === 'batch') {
    args.push('ids: readonly string[]');
    names.push('ids');
    const item = itemOf(operation, ctx, decoders);
    spec.push(`key: ${lit(operation.key)}`, 'ids');
    result = { type: `APIPromise<(${item.type} | null)[]>`, call: 'batch', decode: item.decode };
  } else {
    if (operation.body) {
      args.push(`body${operation.body.required ? '' : '?'}: ${tsOf(nonNull(operation.body.schema), ctx)}`);
      names.push('body');
      spec.push('body');
      if (operation.body.type === 'multipart') spec.push("bodyType: 'multipart'");
    }
    // Query parameters that come from arguments: positional ones, and those carrying a path parameter's value.
    /** @type {[string, string][]} */
    const fixed = [
      ...operation.positional.map((parameter) => /** @type {[string, string]} */ ([parameter.name, parameter.arg])),
      ...Object.entries(operation.sameAs).map(([name, from]) => /** @type {[string, string]} */ ([name, pathArg(operation, from)])),
    ];
    const query = [operation.positional, operation.query].flat().map((parameter) => parameter.name);
    query.push(...Object.keys(operation.sameAs));
    if (hasParams(operation)) {
      const required = operation.query.some((parameter) => parameter.required);
      args.push(`params${required ? '' : '?'}: ${operation.paramsType}`);
      names.push('params');
    }
    if (query.length) spec.push(`query: [${query.map(lit).join(', ')}]`);
    if (fixed.length) {
      const values = fixed.map(([name, arg]) => (name === arg ? arg : `${key(name)}: ${arg}`));
      spec.push(`params: { ${hasParams(operation) ? '...params, ' : ''}${values.join(', ')} }`);
    } else if (hasParams(operation)) spec.push('params');
    const check = checkLine(operation, ctx);
    if (check) spec.push(check);
    if (operation.kind === 'page') {
      const item = itemOf(operation, ctx, decoders);
      result = { type: `PagePromise<${item.type}>`, call: 'page', decode: item.decode };
    } else {
      const response = responseOf(operation, ctx);
      spec.push(`idempotent: ${operation.idempotent}`);
      if (operation.response !== 'json') spec.push(`responseType: ${lit(operation.response)}`);
      const errors = errorsLine(operation, ctx);
      if (errors) spec.push(errors);
      result = { type: `APIPromise<${response.type}>`, call: 'call', decode: response.decode };
    }
  }
  args.push('options?: RequestOptions');
  names.push('options');
  spec.push('options', `decode: ${result.decode}`);
  return { args, names, spec, ...result };
}
