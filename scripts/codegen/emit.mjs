// @ts-check
// Builds the text of every generated file from the loaded schemas.
import { convertField } from './convert.mjs';
import { fieldDoc, TYPE_DOCS } from './docs.mjs';
import { describeModel } from './fields.mjs';
import { typeName, UNIONS } from './load.mjs';
import { kebabCase } from './names.mjs';
import { memberNames, schemaNamed } from './openapi.mjs';
import { docBlock, generatedHeader, importOf, json, key } from './source-text.mjs';

/** @import { Context } from './convert.mjs' */
/** @import { Extra, Model } from './fields.mjs' */
/** @import { Loaded, UnionInfo } from './load.mjs' */
/** @import { GeneratedFile } from './output.mjs' */
/** @import { SchemaNode, ToolTitle } from './openapi.mjs' */

/** The first lines of every generated file. */
export const HEADER = generatedHeader({
  by: 'scripts/generate-events.mjs',
  from: 'the vendored OpenAPI documents',
  change: 'the generator',
});

/** How the documentation names a member of each family. */
const FAMILY_LABEL = { events: 'event', actions: 'action', observations: 'observation', tools: 'tool definition' };

/**
 * A hand-written doc comment, on one line however long (none without a text).
 * @param {string | undefined} text
 * @param {string} [indent]
 */
const doc = (text, indent = '') => docBlock(text ? [text] : [], { indent });

/**
 * The folder (under `generated/`) of a schema.
 * @param {string} schemaName
 * @param {Loaded} loaded
 */
function folderOf(schemaName, loaded) {
  const union = loaded.unionOf.get(schemaName);
  return union ? union.family : 'objects';
}

/**
 * @param {string} fromFolder
 * @param {string} toFolder
 * @param {string} file
 */
function relativeImport(fromFolder, toFolder, file) {
  if (fromFolder === toFolder) return `./${file}`;
  if (fromFolder === '.') return `./${toFolder}/${file}`;
  if (toFolder === '.') return `../${file}`;
  return `../${toFolder}/${file}`;
}

/**
 * The imports of the schemas a file in `fromFolder` refers to (the unions' files are at the root).
 * @param {string} fromFolder
 * @param {Set<string>} refs
 * @param {Loaded} loaded
 * @param {string} self
 */
function importLines(fromFolder, refs, loaded, self) {
  return [...refs]
    .filter((ref) => ref !== self)
    .sort()
    .map((ref) => {
      const name = typeName(ref);
      const folder = UNIONS[ref] ? '.' : folderOf(ref, loaded);
      return importOf(relativeImport(fromFolder, folder, kebabCase(name)), [`${name}Schema`], [name]);
    });
}

/**
 * The sentence on unknown keys, by what the model does with them.
 * @type {Record<Extra, string>}
 */
const EXTRA_NOTE = {
  forbid: 'a closed object (unknown keys are rejected)',
  ignore: 'an open object (unknown keys are accepted and dropped, as the service ignores them)',
  allow: 'an open object (unknown keys are accepted and kept)',
};

/** @type {Record<Extra, string>} */
const OBJECT_HELPER = { forbid: 'strictObject', ignore: 'object', allow: 'looseObject' };

/**
 * Docs of fields the service rules add or change.
 * @param {SchemaNode} schema
 * @param {string} key
 */
function serviceFieldDoc(schema, key) {
  if (schema['x-service-title'] === undefined) return undefined;
  if (key === 'action_type') return 'The action kind the tool takes: a registered action kind name.';
  if (key === 'observation_type') return 'The observation kind the tool returns: a registered observation kind name, or null.';
  return undefined;
}

/** @param {ToolTitle} name */
function titleDoc(name) {
  const source = typeof name === 'string' ? `\`${name}\`` : `its \`${name.join('.')}\``;
  return `Computed by the service: the annotations' title when set, else the tool's name (${source}).`;
}

/**
 * The options argument of a model helper (see `ModelOptions` in src/events/model.ts), or nothing.
 * @param {Model} model
 * @param {{ key: string, after?: string | undefined }[]} fields
 * @param {Context} ctx
 */
function modelOptions(model, fields, ctx) {
  const options = [];
  if (model.name !== model.className) options.push(`name: ${json(model.name)}`);
  if (model.popKeys.length > 0) options.push(`pop: ${json(model.popKeys)}`);
  const fills = fields.filter((f) => f.after).map((f) => `${f.key}: ${f.after}`);
  for (const f of fields) if (f.after) ctx.helpers.add(f.after);
  if (fills.length > 0) options.push(`fill: { ${fills.join(', ')} }`);
  return options.length > 0 ? `, { ${options.join(', ')} }` : '';
}

/**
 * One file for an object or enum schema.
 * @param {string} schemaName
 * @param {Loaded} loaded
 * @returns {GeneratedFile}
 */
export function emitSchemaFile(schemaName, loaded) {
  const schema = schemaNamed(loaded.all, schemaName);
  const name = typeName(schemaName);
  const folder = folderOf(schemaName, loaded);
  const union = loaded.unionOf.get(schemaName);
  const isEvent = union?.family === 'events';
  /** @type {Context} */
  const ctx = { refs: new Set(), all: loaded.all, helpers: new Set(), kinds: new Set() };
  let typeDoc = TYPE_DOCS[name];
  if (!typeDoc && union) typeDoc = `The \`${name}\` ${FAMILY_LABEL[union.family]}, exactly as the reference service defines it.`;
  if (!typeDoc) typeDoc = `The \`${name}\` object, exactly as the reference service defines it.`;

  let body;
  if (schema.enum) {
    const values = schema.enum.map(json);
    ctx.helpers.add('enumOf');
    body =
      `${doc(typeDoc)}export type ${name} = ${values.join(' | ')};\n\n` +
      `/** Valibot schema of {@link ${name}}. */\n` +
      `export const ${name}Schema: v.GenericSchema<unknown, ${name}> = /* @__PURE__ */ enumOf([${values.join(', ')}]);\n`;
  } else {
    const model = describeModel(schemaName, loaded);
    const fields = model.fields.map((field) => ({
      key: field.key,
      ...convertField(field, ctx),
      doc: fieldDoc(name, field.key, isEvent) ?? serviceFieldDoc(schema, field.key),
      after: field.after,
    }));
    const title = model.title;
    const ifaceFields = title === undefined ? fields : [...fields, { key: 'title', t: 'string', doc: titleDoc(title) }];
    const extra = model.extra;
    const helper = OBJECT_HELPER[extra];
    ctx.helpers.add(helper);
    // A field an after-validator fills is always set once decoded, but optional in the type: events
    // stored before the field existed, and events built by hand, lack it.
    const iface = ifaceFields
      .map((f) => `${doc(f.doc, '  ')}  ${key(f.key, json)}${'after' in f && f.after ? '?' : ''}: ${f.t};`)
      .join('\n');
    const entries = fields.map((f) => `  ${key(f.key, json)}: ${f.v},`).join('\n');
    let value = `${helper}(${json(model.className)}, {\n${entries}\n}${modelOptions(model, fields, ctx)})`;
    if (title !== undefined) {
      ctx.helpers.add('withTitle');
      value = `withTitle(${value}, ${json(title)})`;
    }
    const titleNote = title === undefined ? '' : ', and the computed `title`';
    body =
      `${doc(typeDoc)}export interface ${name} {\n${iface}\n}\n\n` +
      `/** Valibot schema of {@link ${name}}: ${EXTRA_NOTE[extra]}, with the service's defaults${titleNote}. */\n` +
      `export const ${name}Schema: v.GenericSchema<unknown, ${name}> = /* @__PURE__ */ ${value};\n`;
  }
  const code = body.slice(body.indexOf('Schema: v.GenericSchema'));
  const valibotImport = /[^.\w]v\.\w+\(/.test(code) ? "import * as v from 'valibot';" : "import type * as v from 'valibot';";
  const imports = [
    valibotImport,
    ...(ctx.helpers.size > 0 ? [importOf('../../schema-helpers', [...ctx.helpers].sort())] : []),
    ...(ctx.kinds.size > 0 ? [importOf('../kinds', [...ctx.kinds].sort())] : []),
    ...importLines(folder, ctx.refs, loaded, schemaName),
  ];
  return { path: `${folder}/${kebabCase(name)}.ts`, text: `${HEADER}${imports.join('\n')}\n\n${body}` };
}

/**
 * The file of one tagged union: its type, its kinds and its schema.
 * @param {string} unionName
 * @param {Loaded} loaded
 * @returns {GeneratedFile}
 */
export function emitUnionFile(unionName, loaded) {
  const info = UNIONS[unionName];
  if (!info) throw new Error(`${unionName} is not one of the tagged unions`);
  const members = memberNames(loaded.all, unionName).map(typeName);
  const imports = members.map((member) => importOf(`./${info.family}/${kebabCase(member)}`, [`${member}Schema`], [member]));
  const open = info.name !== 'Event';
  const text =
    `${HEADER}import type * as v from 'valibot';\nimport { kindUnion } from '../schema-helpers';\nimport { ${info.kindsConst} } from './kinds';\n${imports.join('\n')}\n\n` +
    `${doc(TYPE_DOCS[info.name])}export type ${info.name} =\n${members.map((m) => `  | ${m}`).join('\n')};\n\n` +
    `/** The ${info.name} member whose \`kind\` is \`K\`. */\nexport type ${info.name}Of<K extends ${info.name}['kind']> = Extract<${info.name}, { kind: K }>;\n\n` +
    docBlock([
      `Valibot schema of {@link ${info.name}}: the member named by \`kind\`, which is required; a missing or unknown`,
      'kind is reported as the service reports it.',
      ...(open ? ["With the decode option `unknownKinds: 'keep'`, a value of an unknown kind passes as an opaque object."] : []),
    ]) +
    `export const ${info.name}Schema: v.GenericSchema<unknown, ${info.name}> = /* @__PURE__ */ kindUnion<${info.name}>('${info.name}', ${info.kindsConst}, [\n${members.map((m) => `  ${m}Schema,`).join('\n')}\n], ${open});\n`;
  return { path: `${kebabCase(info.name)}.ts`, text };
}

/**
 * The kinds of a union, in the document's order.
 * @param {Loaded} loaded
 * @param {UnionInfo} info
 */
function kindsOf(loaded, info) {
  const kinds = loaded.kinds[info.name];
  if (!kinds) throw new Error(`no kinds of ${info.name}`);
  return kinds;
}

/**
 * `kinds.ts`: the kind tuples, with no schema attached (cheap to import).
 * @param {Loaded} loaded
 * @returns {GeneratedFile}
 */
export function emitKindsFile(loaded) {
  let text = HEADER;
  for (const info of Object.values(UNIONS)) {
    const kinds = kindsOf(loaded, info);
    text += `\n/** The ${kinds.length} ${FAMILY_LABEL[info.family]} kinds, in the reference order. */\nexport const ${info.kindsConst} = [\n${kinds.map((k) => `  '${k}',`).join('\n')}\n] as const;\n`;
    text += `\n/** The name of one ${FAMILY_LABEL[info.family]} kind. */\nexport type ${info.name}Kind = (typeof ${info.kindsConst})[number];\n`;
  }
  return { path: 'kinds.ts', text };
}

/**
 * One guards file per family: `isXxx(value)` narrows by `kind` alone and pulls no schema.
 * @param {UnionInfo} info
 * @param {Loaded} loaded
 * @returns {GeneratedFile}
 */
export function emitGuardsFile(info, loaded) {
  const kinds = kindsOf(loaded, info);
  let text = HEADER;
  for (const kind of kinds) {
    text +=
      `\n/** Narrows a value of a ${FAMILY_LABEL[info.family]} union to \`${kind}\` by its \`kind\`. */\n` +
      `export function is${kind}<T extends { kind: string }>(value: T): value is Extract<T, { kind: '${kind}' }> {\n  return value.kind === '${kind}';\n}\n`;
  }
  return { path: `${kebabCase(info.name)}-guards.ts`, text };
}

/**
 * `index.ts` of the generated folder.
 * @param {GeneratedFile[]} files
 * @returns {GeneratedFile}
 */
export function emitIndexFile(files) {
  const lines = files
    .map((file) => file.path.replace(/\.ts$/, ''))
    .sort()
    .map((path) => `export * from './${path}';`);
  return { path: 'index.ts', text: `${HEADER}${lines.join('\n')}\n` };
}
