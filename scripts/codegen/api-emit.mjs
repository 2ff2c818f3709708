// @ts-check
// Writes the API's generated files of one document, in its folder under src/api/generated:
// models/<namespace>.ts (types and response decoders of the schemas one namespace alone reaches;
// models/common.ts for the shared ones), <namespace>.ts (the namespace's operations: parameter
// types, a documented interface, and the factory the client calls; each method from
// api-method.mjs), and index.ts (every type, for the package's exports). `api` is the document's
// names file (see api-tables.mjs).

import { createContext, describe, emitSchema, tsOf } from './api-convert.mjs';
import { methodDoc, methodParts } from './api-method.mjs';
import { kindOf, memberNames, nonNull, refsOf } from './openapi.mjs';
import { docComment, generatedHeader, importOf, key } from './source-text.mjs';
import { DOCUMENTS } from './spec.mjs';

/** @import { Context } from './api-convert.mjs' */
/** @import { ApiOperation, SchemaInfo } from './api-model.mjs' */
/** @import { ApiNames } from './api-tables.mjs' */
/** @import { OpenApiDocument, Parameter } from './openapi.mjs' */
/** @import { GeneratedFile } from './output.mjs' */

/**
 * The first lines of every file generated from a document.
 * @param {ApiNames} api
 */
export const headerOf = ({ SOURCE }) =>
  generatedHeader({
    by: 'scripts/generate-api.mjs',
    from: `spec/${DOCUMENTS[SOURCE.document]}`,
    change: `the generator or ${SOURCE.namesFile}`,
  });

/**
 * The relative path from a generated file to src/api (`inModels`: the file is in models/).
 * @param {ApiNames} api
 * @param {boolean} inModels
 */
function toApiRoot({ SOURCE }, inModels) {
  return '../'.repeat(1 + (SOURCE.folder ? SOURCE.folder.split('/').length : 0) + (inModels ? 1 : 0));
}

/**
 * Import lines of a context whose declarations are `body`, for a file at `models/` (`inModels`) or at the generated folder's root.
 * @param {Context} ctx
 * @param {boolean} inModels
 * @param {string} body
 * @param {string[]} [extra]
 */
function importLines(ctx, inModels, body, extra = []) {
  const lines = [];
  if (/\bv\./.test(body)) lines.push("import * as v from 'valibot';");
  const up = toApiRoot(ctx.api, inModels);
  const externalTypes = [...ctx.external].filter((name) => !name.endsWith('Schema')).sort();
  const externalValues = [...ctx.external].filter((name) => name.endsWith('Schema')).sort();
  if (externalTypes.length || externalValues.length) lines.push(importOf(`${up}../events/index`, externalValues, externalTypes));
  /** @type {Map<string, string[]>} */
  const modules = new Map();
  for (const name of ctx.handWritten) {
    const module = /** @type {string} */ (ctx.api.IMPORTS[name]);
    modules.set(module, [...(modules.get(module) ?? []), name]);
  }
  for (const [module, names] of [...modules].sort(([a], [b]) => a.localeCompare(b))) lines.push(importOf(`${up}${module}`, names.sort()));
  if (ctx.helpers.size) lines.push(`import { ${[...ctx.helpers].sort().join(', ')} } from '${up}schema-helpers';`);
  lines.push(...extra);
  const files = [...new Set([...ctx.typeImports.keys(), ...ctx.valueImports.keys()])].sort();
  for (const file of files) {
    const types = [...(ctx.typeImports.get(file) ?? [])].sort();
    const values = [...(ctx.valueImports.get(file) ?? [])].sort();
    lines.push(importOf(`${inModels ? './' : './models/'}${file}`, values, types));
  }
  return lines.join('\n');
}

/**
 * The model files: one per namespace that has schemas of its own, and `common`.
 * @param {Map<string, SchemaInfo>} schemas
 * @param {ApiNames} api
 * @returns {GeneratedFile[]}
 */
export function emitModelFiles(schemas, api) {
  /** @type {Map<string, SchemaInfo[]>} */
  const byFile = new Map();
  for (const info of schemas.values()) byFile.set(info.file, [...(byFile.get(info.file) ?? []), info]);
  const files = [];
  for (const [file, infos] of [...byFile].sort(([a], [b]) => a.localeCompare(b))) {
    const ctx = createContext(schemas, file, api);
    // Declarations in dependency order (a schema after those it uses); an edge back into the
    // path being walked closes a cycle and is read lazily.
    /** @type {SchemaInfo[]} */
    const order = [];
    /** @type {Map<string, 'open' | 'done'>} */
    const state = new Map();
    /** @param {SchemaInfo} info */
    const visit = (info) => {
      state.set(info.name, 'open');
      for (const name of [...refsOf(info.schema)].sort()) {
        const next = schemas.get(name);
        if (!next || next.file !== file) continue;
        if (state.get(name) === 'open') ctx.lazy.add(name);
        else if (!state.has(name)) visit(next);
      }
      state.set(info.name, 'done');
      order.push(info);
    };
    for (const info of infos.sort((a, b) => a.tsName.localeCompare(b.tsName))) if (!state.has(info.name)) visit(info);
    const body = order.map((info) => emitSchema(info, ctx)).join('\n');
    const imports = importLines(ctx, true, body);
    files.push({ path: `models/${file}.ts`, text: `${headerOf(api)}${imports ? `${imports}\n\n` : '\n'}${body}` });
  }
  return files;
}

/**
 * The event kinds of the `Event-Input` union, to type a `kind__eq` filter as `EventKind` (none in a document without it).
 * @param {OpenApiDocument} document
 */
export function eventKinds(document) {
  const all = document.components.schemas;
  return all['Event-Input'] ? memberNames(all, 'Event-Input').map((member) => kindOf(all, member)) : [];
}

/**
 * The TypeScript type of a query parameter (null means absent in a query, so it is left out).
 * @param {Parameter} parameter
 * @param {Context} ctx
 * @param {string[]} kinds
 */
function queryType(parameter, ctx, kinds) {
  const node = nonNull(parameter.schema);
  if (
    kinds.length &&
    node.enum &&
    node.enum.length === kinds.length &&
    node.enum.every((kind) => typeof kind === 'string' && kinds.includes(kind))
  ) {
    ctx.external.add('EventKind');
    return 'EventKind';
  }
  return tsOf(node, ctx);
}

const PAGE_KEYS = new Set(['page_id', 'limit']);

/**
 * The parameters interface of an operation, or undefined when it takes no query parameters.
 * @param {ApiOperation} operation
 * @param {Context} ctx
 * @param {string[]} kinds
 */
function paramsDeclaration(operation, ctx, kinds) {
  if (operation.kind === 'batch') return undefined;
  const paged = operation.kind === 'page';
  const own = operation.query.filter((parameter) => !(paged && PAGE_KEYS.has(parameter.name)));
  const doc = `/** Query parameters of \`${operation.at}\` (\`${operation.method} ${operation.path}\`). */\n`;
  if (!own.length) return paged ? `${doc}export type ${operation.paramsType} = PageParams;\n` : undefined;
  const fields = [];
  for (const parameter of own) {
    const type = queryType(parameter, ctx, kinds);
    const text = parameter.description ?? describe(parameter.schema, parameter.name);
    const optional = parameter.required ? '' : '?';
    const orUndefined = parameter.required ? '' : ' | undefined';
    // The client takes `pageId` for `page_id` in every operation (src/api/query.ts).
    const name = parameter.name === 'page_id' ? 'pageId' : parameter.name;
    fields.push(`${docComment(text, '  ')}  ${key(name)}${optional}: ${type}${orUndefined};`);
    if (parameter.name.endsWith('__eq')) {
      const alias = parameter.name.slice(0, -4);
      fields.push(`  /** The same as \`${parameter.name}\`. */\n  ${key(alias)}?: ${type} | undefined;`);
    }
  }
  return `${doc}export interface ${operation.paramsType}${paged ? ' extends PageParams' : ''} {\n${fields.join('\n')}\n}\n`;
}

/**
 * The file of one top-level namespace.
 * @param {string} top
 * @param {ApiOperation[]} operations
 * @param {Map<string, SchemaInfo>} schemas
 * @param {string[]} kinds
 * @param {ApiNames} api
 * @returns {GeneratedFile}
 */
export function emitNamespaceFile(top, operations, schemas, kinds, api) {
  const { NAMESPACES, SOURCE } = api;
  const namespaceOf = (/** @type {string} */ name) => {
    const namespace = NAMESPACES[name];
    if (!namespace) throw new Error(`${name} is not in NAMESPACES`);
    return namespace;
  };
  const ctx = createContext(schemas, `namespace:${top}`, api);
  /** @type {Set<string>} */
  const decoders = new Set();
  const mine = operations.filter((operation) => operation.top === top);
  const namespaces = Object.keys(NAMESPACES).filter((name) => name === top || name.startsWith(`${top}.`));
  const params = mine.map((operation) => paramsDeclaration(operation, ctx, kinds)).filter(Boolean);
  /** @type {string[]} */
  const interfaces = [];
  /**
   * @param {string} namespace
   * @param {string} indent
   * @returns {string}
   */
  const factoryOf = (namespace, indent) => {
    const lines = [];
    for (const operation of mine.filter((candidate) => candidate.namespace === namespace)) {
      const parts = methodParts(operation, ctx, decoders);
      const spec = parts.spec.map((line) => `${indent}    ${line.replaceAll('\n', `\n${indent}    `)},`).join('\n');
      lines.push(`${indent}${operation.name}: (${parts.names.join(', ')}) =>\n${indent}  core.${parts.call}({\n${spec}\n${indent}  }),`);
    }
    for (const child of namespaces.filter(
      (name) => name.startsWith(`${namespace}.`) && name.split('.').length === namespace.split('.').length + 1,
    )) {
      lines.push(`${indent}${child.split('.').at(-1)}: {\n${factoryOf(child, `${indent}  `)}\n${indent}},`);
    }
    return lines.join('\n');
  };
  // Children first, so each interface follows those it holds.
  for (const namespace of [...namespaces].reverse()) {
    const members = [];
    for (const operation of mine.filter((candidate) => candidate.namespace === namespace)) {
      const parts = methodParts(operation, ctx, decoders);
      members.push(`${methodDoc(operation)}  ${operation.name}(${parts.args.join(', ')}): ${parts.type};`);
    }
    for (const child of namespaces.filter(
      (name) => name.startsWith(`${namespace}.`) && name.split('.').length === namespace.split('.').length + 1,
    )) {
      members.push(`${docComment(namespaceOf(child).doc, '  ')}  readonly ${child.split('.').at(-1)}: ${namespaceOf(child).type};`);
    }
    const about = namespaceOf(namespace).doc.replace(/\.$/, '');
    interfaces.push(
      `${docComment(`${about}: \`${SOURCE.docName}.${namespace}\`.`)}export interface ${namespaceOf(namespace).type} {\n${members.join('\n\n')}\n}\n`,
    );
  }
  const type = namespaceOf(top).type;
  const factory = `/** Creates {@link ${type}} over a client's core. */\nexport function create${type}(core: ClientCore): ${type} {\n  return {\n${factoryOf(top, '    ')}\n  };\n}\n`;
  const up = toApiRoot(api, false);
  const runtime = [`import type { APIPromise } from '${up}api-promise';`, `import type { ClientCore } from '${up}core';`];
  const pages = mine.some((operation) => operation.kind === 'page');
  if (pages) runtime.push(`import type { PageParams, PagePromise } from '${up}page';`);
  runtime.push(`import type { RequestOptions } from '${up}request-options';`);
  const body = `${params.join('\n')}${params.length ? '\n' : ''}${interfaces.join('\n')}\n${factory}`;
  return { path: `${namespaceOf(top).file}.ts`, text: `${headerOf(api)}${importLines(ctx, false, body, runtime)}\n\n${body}` };
}

/**
 * index.ts: every type of the generated files (the factories and decoders stay inside the client).
 * @param {GeneratedFile[]} files
 * @param {ApiNames} api
 * @returns {GeneratedFile}
 */
export function emitIndex(files, api) {
  const lines = [];
  for (const file of [...files].sort((a, b) => a.path.localeCompare(b.path))) {
    const names = [...file.text.matchAll(/^export (?:interface|type) (\w+)/gm)].map((match) => match[1]).sort();
    if (names.length)
      lines.push(`export type {\n${names.map((name) => `  ${name},`).join('\n')}\n} from './${file.path.replace(/\.ts$/, '')}';`);
  }
  return { path: 'index.ts', text: `${headerOf(api)}${lines.join('\n')}\n` };
}
