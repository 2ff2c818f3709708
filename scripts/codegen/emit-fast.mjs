// @ts-check
// Emits `generated/fast-decode.ts`: plain functions that check and build a decoded event in one
// pass, for the common case of valid input. They are conservative: anything unusual returns
// FAIL, and the decoder then runs the Valibot schemas, which decide and report. When they
// succeed, their output equals the Valibot output (the conformance tests compare both).
//
// It reads the same models as the Valibot schemas (fields.mjs): the same fields, in the same
// order, with the same defaults. Every function is named after what it reads (`decodeActionEvent`
// for a model, `readListOf_decodeTextContent` for a list of them), and the functions are written in
// the order of their names, so a change to one schema changes only the lines of its own function.

import { HEADER } from './emit.mjs';
import { describeModel } from './fields.mjs';
import { typeName, UNIONS } from './load.mjs';
import { memberNames, refName, refTo, schemaNamed, withoutNull } from './openapi.mjs';
import { docBlock, IDENTIFIER, importOf, json, key } from './source-text.mjs';

/** @import { Field } from './fields.mjs' */
/** @import { Loaded, UnionInfo } from './load.mjs' */
/** @import { GeneratedFile } from './output.mjs' */
/** @import { SchemaNode } from './openapi.mjs' */

/**
 * `obj.key` for identifier keys, `obj["key"]` otherwise.
 * @param {string} object
 * @param {string} name
 */
const member = (object, name) => (IDENTIFIER.test(name) ? `${object}.${name}` : `${object}[${json(name)}]`);
const NOT_OBJECT = "  if (typeof v !== 'object' || v === null || Array.isArray(v)) return FAIL;";

/**
 * A short stable name part for a literal value: the value itself when it is a plain word.
 * @param {unknown} value
 */
function literalName(value) {
  const text = String(value);
  if (typeof value === 'string' && /^[A-Za-z0-9_]{1,40}$/.test(text)) return text;
  let hash = 0x811c9dc5;
  for (const char of json(value)) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
  return `h${hash.toString(36)}`;
}

/**
 * The expression of a missing field's value, as the Valibot schemas default it (fresh lists and maps).
 * @param {Field} field
 * @param {(schemaName: string) => string} refFn
 */
function fallbackOf(field, refFn) {
  const { fill, node } = field;
  if (!fill) throw new Error(`fast decode: ${field.key} is required: it has no default`);
  switch (fill.kind) {
    case 'value':
      return json(fill.value);
    case 'null':
      return 'null';
    case 'list':
      return '[]';
    case 'record':
      return '{}';
    case 'model':
      return `${refFn(refName(node.$ref ?? ''))}({})`;
    case 'uuid':
      return 'newUuid()';
    case 'now':
      return 'naiveLocalTimestamp()';
    default:
      throw new Error(`fast decode: ${field.key}: unknown default ${json(fill)}`);
  }
}

/**
 * `fast-decode.ts`.
 * @param {Loaded} loaded
 * @returns {GeneratedFile}
 */
export function emitFastDecode(loaded) {
  const { all } = loaded;
  /** @type {Map<string, string>} */
  const functions = new Map(); // name -> code
  /** @type {Set<string>} */
  const fills = new Set(); // helpers of after-validators

  /**
   * Registers the function `name` (built once; its name is known before its body, for recursion).
   * @param {string} name
   * @param {(name: string) => string} build
   */
  const define = (name, build) => {
    if (!functions.has(name)) {
      functions.set(name, '');
      functions.set(name, build(name));
    }
    return name;
  };
  /**
   * @param {string} name
   * @param {string} body
   */
  const simple = (name, body) => define(name, () => `function ${name}(v: unknown): unknown {\n${body}\n}`);

  /**
   * The name of a function `(v) => output | FAIL` for a schema node.
   * @param {SchemaNode} node
   * @returns {string}
   */
  function fn(node) {
    if (node.$ref) return refFn(refName(node.$ref));
    const service = node['x-service'];
    if (service === 'event-id') return simple('readEventId', "  return typeof v === 'string' && v !== '__root__' ? v : FAIL;");
    if (service === 'action-kind')
      return simple('readActionKind', "  return typeof v === 'string' && (ACTION_KIND_SET.has(v) || lenient) ? v : FAIL;");
    if (service === 'observation-kind') {
      return simple(
        'readObservationKind',
        "  if (v === null) return null;\n  return typeof v === 'string' && (OBSERVATION_KIND_SET.has(v) || lenient) ? v : FAIL;",
      );
    }
    if (node.anyOf) {
      const { members, nullable } = withoutNull(node);
      const names = members.map(fn);
      const name = `${names.length === 1 ? names[0] : `readAnyOf_${names.join('_')}`}${nullable ? '_OrNull' : ''}`;
      if (name === names[0]) return name;
      const head = nullable ? '  if (v === null) return null;\n' : '';
      if (names.length === 1) return simple(name, `${head}  return ${names[0]}(v);`);
      const tries = names.map((item) => `  r = ${item}(v);\n  if (r !== FAIL) return r;`).join('\n');
      return simple(name, `${head}  let r: unknown;\n${tries}\n  return FAIL;`);
    }
    if (node.const !== undefined) return simple(`readConst_${literalName(node.const)}`, `  return v === ${json(node.const)} ? v : FAIL;`);
    if (node.enum) {
      const words = node.enum.map(literalName).join('_');
      return enumFn(`readEnum_${words.length <= 60 ? words : literalName(node.enum.join('|'))}`, node.enum);
    }
    switch (node.type) {
      case undefined:
        return simple('readAny', '  return v;');
      case 'string': {
        // A service datetime passes when the service would write it back unchanged.
        if (service === 'datetime') return simple('readDateTime', "  return typeof v === 'string' && isCanonicalDateTime(v) ? v : FAIL;");
        const min = node.minLength ?? 0;
        return simple(
          min ? `readString_min${min}` : 'readString',
          `  return typeof v === 'string'${min ? ` && v.length >= ${min}` : ''} ? v : FAIL;`,
        );
      }
      case 'integer':
      case 'number': {
        const checks = [`typeof v === 'number'`, node.type === 'integer' ? 'Number.isInteger(v)' : '!Number.isNaN(v)'];
        let name = node.type === 'integer' ? 'readInteger' : 'readNumber';
        if (node.minimum !== undefined) {
          checks.push(`v >= ${node.minimum}`);
          name += `_min${literalName(String(node.minimum).replace(/[-.]/g, '_'))}`;
        }
        if (node.maximum !== undefined) {
          checks.push(`v <= ${node.maximum}`);
          name += `_max${literalName(String(node.maximum).replace(/[-.]/g, '_'))}`;
        }
        return simple(name, `  return ${checks.join(' && ')} ? v : FAIL;`);
      }
      case 'boolean':
        return simple('readBoolean', "  return typeof v === 'boolean' ? v : FAIL;");
      case 'array':
        return node.prefixItems ? tupleFn(node.prefixItems.map(fn)) : listFn(fn(node.items ?? {}), service === 'set');
      case 'object':
        return recordFn(fn(node.additionalProperties && typeof node.additionalProperties === 'object' ? node.additionalProperties : {}));
      default:
        throw new Error(`fast decode: unsupported ${json(node)}`);
    }
  }

  /**
   * @param {string} name
   * @param {unknown[]} values
   */
  const enumFn = (name, values) => simple(name, `  return ${values.map((value) => `v === ${json(value)}`).join(' || ')} ? v : FAIL;`);

  /** @param {string[]} items */
  function tupleFn(items) {
    const body = items.map((item, i) => `  const r${i} = ${item}(v[${i}]);\n  if (r${i} === FAIL) return FAIL;`).join('\n');
    return simple(
      `readTuple_${items.join('_')}`,
      `  if (!Array.isArray(v) || v.length !== ${items.length}) return FAIL;\n${body}\n  return [${items.map((_, i) => `r${i}`).join(', ')}];`,
    );
  }

  /**
   * Sequences and message content take lists only here; the slow path reads the rest.
   * @param {string} item
   * @param {boolean} isSet
   */
  function listFn(item, isSet) {
    return simple(
      `read${isSet ? 'SetOf' : 'ListOf'}_${item}`,
      [
        '  if (!Array.isArray(v)) return FAIL;',
        '  const out = new Array(v.length);',
        '  for (let i = 0; i < v.length; i++) {',
        `    const r = ${item}(v[i]);`,
        '    if (r === FAIL) return FAIL;',
        '    out[i] = r;',
        '  }',
        isSet ? '  return out.length < 2 ? out : [...new Set(out)];' : '  return out;',
      ].join('\n'),
    );
  }

  /** @param {string} value */
  function recordFn(value) {
    return simple(
      `readRecordOf_${value}`,
      [
        NOT_OBJECT,
        '  const out: Record<string, unknown> = {};',
        '  for (const key in v) {',
        '    if (key in Object.prototype || !Object.hasOwn(v, key)) return FAIL;',
        `    const r = ${value}((v as Record<string, unknown>)[key]);`,
        '    if (r === FAIL) return FAIL;',
        '    out[key] = r;',
        '  }',
        '  return out;',
      ].join('\n'),
    );
  }

  /**
   * @param {string} schemaName
   * @returns {string}
   */
  function refFn(schemaName) {
    const union = UNIONS[schemaName];
    if (union) return unionFn(schemaName, union);
    const schema = schemaNamed(all, schemaName);
    if (schema.enum) return enumFn(`decode${typeName(schemaName)}`, schema.enum);
    return objectFn(schemaName);
  }

  /**
   * @param {string} schemaName
   * @param {UnionInfo} info
   */
  function unionFn(schemaName, info) {
    const name = `decode${info.name}`;
    return define(name, () => {
      // The kinds grouped by length: one integer switch, then a comparison with the one or few names
      // of that length (a switch over the names compares the tag with each name in turn, and JSON
      // leaves long strings uninternalized, so each comparison reads characters).
      /** @type {Map<number, [string, string][]>} */
      const byLength = new Map();
      for (const memberName of memberNames(all, schemaName)) {
        const kind = typeName(memberName);
        byLength.set(kind.length, [...(byLength.get(kind.length) ?? []), [kind, memberName]]);
      }
      const cases = [...byLength]
        .sort(([a], [b]) => a - b)
        .map(([length, kinds]) =>
          [
            `    case ${length}:`,
            ...kinds.map(([kind, memberName]) => `      if (kind === '${kind}') return ${objectFn(memberName)}(v);`),
            '      break;',
          ].join('\n'),
        );
      const open = info.name !== 'Event';
      return [
        `function ${name}(v: unknown): unknown {`,
        NOT_OBJECT,
        '  const kind = (v as { kind?: unknown }).kind;',
        "  if (typeof kind !== 'string') return FAIL;",
        '  switch (kind.length) {',
        ...cases,
        '  }',
        open ? '  return lenient ? { ...(v as object) } : FAIL;' : '  return FAIL;',
        '}',
      ].join('\n');
    });
  }

  /** @param {string} schemaName */
  function objectFn(schemaName) {
    const model = describeModel(schemaName, loaded);
    const name = `decode${model.name}`;
    return define(name, () => {
      // Closed models refuse unknown keys; open ones drop them (nothing to check); free ones keep them.
      // Under `unknownFields: 'keep'` a key no model defines is kept and reported, which the schemas do:
      // every model then gives up on one (an open model, once its output holds every field it knows).
      const { extra, fields } = model;
      const known = `${model.name}Keys`;
      const lines = [];
      if (extra === 'allow') {
        lines.push(`const ${known}: ReadonlySet<string> = /* @__PURE__ */ new Set(${json(fields.map((f) => f.key))});\n`);
      }
      lines.push(`function ${name}(v: unknown): unknown {`, NOT_OBJECT, '  const x = v as Record<string, unknown>;');
      if (extra !== 'ignore') {
        // A switch over the known keys: JSON keys are internalized strings, so each case is a pointer
        // comparison, cheaper than hashing the key for a set lookup.
        lines.push('  for (const key in x) {');
        lines.push(
          `    switch (key) {`,
          `      case ${fields.map((f) => json(f.key)).join(':\n      case ')}:`,
          '        continue;',
          '    }',
        );
        lines.push(
          extra === 'forbid' ? '    return FAIL;' : '    if (keepFields || key in Object.prototype || !Object.hasOwn(x, key)) return FAIL;',
        );
        lines.push('  }');
      }
      // Each value in a local named after its key, then one object literal: every output of a model has one shape.
      const local = (/** @type {Field} */ field, /** @type {number} */ i) => (IDENTIFIER.test(field.key) ? `_${field.key}` : `_${i}`);
      fields.forEach((field, i) => {
        const check = fn(field.node);
        const at = member('x', field.key);
        const p = local(field, i);
        // A required field that is absent reads as undefined, which no check but `readAny` refuses:
        // refused here, once, instead of asking `in` (a second lookup of the key).
        if (field.required) lines.push(`  let ${p} = ${at};`, `  ${p} = ${p} === undefined ? FAIL : ${check}(${p});`);
        else lines.push(`  let ${p} = ${at};`, `  ${p} = ${p} === undefined ? ${fallbackOf(field, refFn)} : ${check}(${p});`);
        lines.push(`  if (${p} === FAIL) return FAIL;`);
      });
      const props = fields.map((field, i) => `${key(field.key, json)}: ${local(field, i)}`);
      // The computed title, last in the object literal rather than added to it (a property added to
      // a literal moves the object to a new shape and a separate property store): the annotations'
      // title when set, else the tool's name. (After the kept keys of a model that keeps unknown ones.)
      const titled = model.title !== undefined && extra !== 'allow' && !fields.some((field) => field.key === 'title');
      if (titled) {
        const localOf = (/** @type {string} */ name) => {
          const i = fields.findIndex((field) => field.key === name);
          if (i < 0) throw new Error(`fast decode: ${model.name}: the title reads ${name}, which is no field`);
          return local(/** @type {Field} */ (fields[i]), i);
        };
        const path = typeof model.title === 'string' || model.title === undefined ? [] : model.title;
        const fallback =
          typeof model.title === 'string'
            ? json(model.title)
            : path.slice(1).reduce((expr, key) => `(${expr} as Record<string, unknown>)${member('', key)}`, localOf(path[0] ?? ''));
        const annotations = fields.some((field) => field.key === 'annotations')
          ? `(${localOf('annotations')} as { title?: unknown } | null)?.title || `
          : '';
        lines.push(`  const _title = ${annotations}${fallback};`);
        props.push('title: _title');
      }
      lines.push(`  const o: Record<string, unknown> = { ${props.join(', ')} };`);
      if (extra === 'allow') lines.push(`  for (const key in x) if (!${known}.has(key)) o[key] = x[key];`);
      // What an after-validator fills once the model is valid.
      for (const field of fields) {
        if (!field.after) continue;
        fills.add(field.after);
        lines.push(`  if (o.${field.key} === null) o.${field.key} = ${field.after}(o);`);
      }
      if (model.title !== undefined && !titled) {
        // The computed title: the annotations' title when set, else the tool's name.
        const fallback =
          typeof model.title === 'string'
            ? json(model.title)
            : model.title.reduce((expr, key) => `(${expr} as Record<string, unknown>)${member('', key)}`, 'o');
        lines.push('  const annotations = o.annotations as { title?: unknown } | null;', `  o.title = annotations?.title || ${fallback};`);
      }

      lines.push(extra === 'ignore' ? '  return openOutput(x, o);' : '  return o;', '}');
      return lines.join('\n');
    });
  }

  const top = fn({ $ref: refTo('Event-Input') });
  const code = [...functions.keys()]
    .sort()
    .map((name) => functions.get(name))
    .join('\n\n');
  const text =
    `${HEADER}` +
    "import { naiveLocalTimestamp, newUuid } from '../defaults';\n" +
    (fills.size > 0 ? `${importOf('../error-classification', [...fills].sort())}\n` : '') +
    "import { isCanonicalDateTime } from '../service-datetime';\n" +
    "import { ACTION_KINDS, OBSERVATION_KINDS } from './kinds';\n\n" +
    docBlock(['Returned when the fast path cannot decide; the Valibot schemas then decide and report.']) +
    "export const FAIL: unique symbol = Symbol('fast-decode-fail');\n\n" +
    'let lenient = false;\nlet keepFields = false;\n\n' +
    docBlock([
      'The output of an open model, which drops unknown keys; FAIL when one must be kept instead',
      '(`input` has a key that `output`, holding every field the model knows, lacks).',
    ]) +
    'function openOutput(input: Record<string, unknown>, output: Record<string, unknown>): unknown {\n' +
    '  if (keepFields) for (const key in input) if (!Object.hasOwn(output, key)) return FAIL;\n' +
    '  return output;\n' +
    '}\n\n' +
    'const ACTION_KIND_SET: ReadonlySet<unknown> = /* @__PURE__ */ new Set(ACTION_KINDS);\n' +
    'const OBSERVATION_KIND_SET: ReadonlySet<unknown> = /* @__PURE__ */ new Set(OBSERVATION_KINDS);\n\n' +
    `${code}\n\n` +
    docBlock([
      'Decodes one event in a single pass, or returns {@link FAIL}. `keepUnknownKinds` lets',
      'actions, observations and tool definitions of unknown kinds through as opaque copies;',
      '`keepUnknownFields` makes every model give up on a key it does not define (the schemas keep',
      'and report it).',
    ]) +
    `export function fastDecodeEvent(value: unknown, keepUnknownKinds: boolean, keepUnknownFields = false): unknown {\n  lenient = keepUnknownKinds;\n  keepFields = keepUnknownFields;\n  return ${top}(value);\n}\n`;
  return { path: 'fast-decode.ts', text };
}
