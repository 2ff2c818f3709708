// Emits `generated/fast-decode.ts`: plain functions that check and build a decoded event in one
// pass, for the common case of valid input. They are conservative: anything unusual returns
// FAIL, and the decoder then runs the Valibot schemas, which decide and report. When they
// succeed, their output equals the Valibot output (the conformance tests compare both).

import { HEADER } from './emit.mjs';
import { typeName, UNIONS } from './load.mjs';

const lit = (value) => JSON.stringify(value);
/** `obj.key` for identifier keys, `obj["key"]` otherwise. */
const member = (object, key) => (/^[A-Za-z_$][\w$]*$/.test(key) ? `${object}.${key}` : `${object}[${lit(key)}]`);

export function emitFastDecode(loaded) {
  const { all } = loaded;
  const functions = new Map(); // key -> { name, code }
  let counter = 0;

  const define = (key, build) => {
    const existing = functions.get(key);
    if (existing) return existing.name;
    const name = `f${counter++}`;
    const entry = { name, code: '' };
    functions.set(key, entry);
    entry.code = build(name);
    return name;
  };

  /** The name of a function `(v) => output | FAIL` for a schema node. */
  function fn(node) {
    if (node.$ref) return refFn(node.$ref.split('/').pop());
    if (node['x-service'] === 'action-kind' || node['x-service'] === 'observation-kind') {
      const action = node['x-service'] === 'action-kind';
      const set = action ? 'ACTION_KIND_SET' : 'OBSERVATION_KIND_SET';
      return define(`kind-ref:${set}`, (name) =>
        [
          `function ${name}(v: unknown): unknown {`,
          action ? '' : '  if (v === null) return null;',
          `  return typeof v === 'string' && (${set}.has(v) || lenient) ? v : FAIL;`,
          '}',
        ]
          .filter(Boolean)
          .join('\n'),
      );
    }
    if (node.anyOf) {
      const members = node.anyOf.filter((member) => member.type !== 'null');
      const nullable = members.length !== node.anyOf.length;
      const names = members.map(fn);
      return define(`anyOf:${names.join(',')}:${nullable}`, (name) => {
        const head = `function ${name}(v: unknown): unknown {\n${nullable ? '  if (v === null) return null;\n' : ''}`;
        if (names.length === 1) return `${head}  return ${names[0]}(v);\n}`;
        const tries = names.map((member) => `  r = ${member}(v);\n  if (r !== FAIL) return r;`).join('\n');
        return `${head}  let r: unknown;\n${tries}\n  return FAIL;\n}`;
      });
    }
    if (node.const !== undefined)
      return define(
        `const:${lit(node.const)}`,
        (name) => `function ${name}(v: unknown): unknown {\n  return v === ${lit(node.const)} ? v : FAIL;\n}`,
      );
    if (node.enum) {
      return define(
        `enum:${lit(node.enum)}`,
        (name) =>
          `function ${name}(v: unknown): unknown {\n  return ${node.enum.map((value) => `v === ${lit(value)}`).join(' || ')} ? v : FAIL;\n}`,
      );
    }
    switch (node.type) {
      case undefined:
        return define('unknown', (name) => `function ${name}(v: unknown): unknown {\n  return v;\n}`);
      case 'string': {
        // A service datetime passes when the service would write it back unchanged.
        if (node['x-service'] === 'datetime')
          return define(
            'datetime',
            (name) => `function ${name}(v: unknown): unknown {\n  return typeof v === 'string' && isCanonicalDateTime(v) ? v : FAIL;\n}`,
          );
        const min = node.minLength ?? 0;
        return define(
          `string:${min}`,
          (name) =>
            `function ${name}(v: unknown): unknown {\n  return typeof v === 'string'${min ? ` && v.length >= ${min}` : ''} ? v : FAIL;\n}`,
        );
      }
      case 'integer':
      case 'number': {
        const checks = [`typeof v === 'number'`, node.type === 'integer' ? 'Number.isInteger(v)' : '!Number.isNaN(v)'];
        if (node.minimum !== undefined) checks.push(`v >= ${node.minimum}`);
        if (node.maximum !== undefined) checks.push(`v <= ${node.maximum}`);
        return define(
          `${node.type}:${node.minimum}:${node.maximum}`,
          (name) => `function ${name}(v: unknown): unknown {\n  return ${checks.join(' && ')} ? v : FAIL;\n}`,
        );
      }
      case 'boolean':
        return define('boolean', (name) => `function ${name}(v: unknown): unknown {\n  return typeof v === 'boolean' ? v : FAIL;\n}`);
      case 'array': {
        if (node.prefixItems) {
          const items = node.prefixItems.map(fn);
          return define(`tuple:${items.join(',')}`, (name) => {
            const body = items.map((item, i) => `  const r${i} = ${item}(v[${i}]);\n  if (r${i} === FAIL) return FAIL;`).join('\n');
            return `function ${name}(v: unknown): unknown {\n  if (!Array.isArray(v) || v.length !== ${items.length}) return FAIL;\n${body}\n  return [${items.map((_, i) => `r${i}`).join(', ')}];\n}`;
          });
        }
        const item = fn(node.items ?? {});
        // Sequences and message content take lists only here; the slow path reads the rest.
        const isSet = node['x-service'] === 'set';
        return define(`array:${item}:${isSet}`, (name) =>
          [
            `function ${name}(v: unknown): unknown {`,
            '  if (!Array.isArray(v)) return FAIL;',
            '  const out = new Array(v.length);',
            '  for (let i = 0; i < v.length; i++) {',
            `    const r = ${item}(v[i]);`,
            '    if (r === FAIL) return FAIL;',
            '    out[i] = r;',
            '  }',
            isSet ? '  return out.length < 2 ? out : [...new Set(out)];' : '  return out;',
            '}',
          ]
            .filter(Boolean)
            .join('\n'),
        );
      }
      case 'object': {
        const value = fn(node.additionalProperties && typeof node.additionalProperties === 'object' ? node.additionalProperties : {});
        return define(`record:${value}`, (name) =>
          [
            `function ${name}(v: unknown): unknown {`,
            "  if (typeof v !== 'object' || v === null || Array.isArray(v)) return FAIL;",
            '  const out: Record<string, unknown> = {};',
            '  for (const key in v) {',
            '    if (key in Object.prototype || !Object.hasOwn(v, key)) return FAIL;',
            `    const r = ${value}((v as Record<string, unknown>)[key]);`,
            '    if (r === FAIL) return FAIL;',
            '    out[key] = r;',
            '  }',
            '  return out;',
            '}',
          ].join('\n'),
        );
      }
      default:
        throw new Error(`fast decode: unsupported ${JSON.stringify(node)}`);
    }
  }

  function refFn(schemaName) {
    const union = UNIONS[schemaName];
    if (union) return unionFn(schemaName, union);
    const schema = all[schemaName];
    if (schema.enum) return fn({ enum: schema.enum });
    return objectFn(schemaName);
  }

  function unionFn(schemaName, info) {
    return define(`union:${schemaName}`, (name) => {
      const cases = all[schemaName].oneOf.map((member) => {
        const memberName = member.$ref.split('/').pop();
        return `    case '${typeName(memberName)}':\n      return ${objectFn(memberName)}(v);`;
      });
      const open = info.name !== 'Event';
      return [
        `function ${name}(v: unknown): unknown {`,
        "  if (typeof v !== 'object' || v === null || Array.isArray(v)) return FAIL;",
        '  const kind = (v as { kind?: unknown }).kind;',
        '  switch (kind) {',
        ...cases,
        '    default:',
        open ? "      return lenient && typeof kind === 'string' ? { ...(v as object) } : FAIL;" : '      return FAIL;',
        '  }',
        '}',
      ].join('\n');
    });
  }

  function objectFn(schemaName) {
    return define(`object:${schemaName}`, (name) => {
      const schema = all[schemaName];
      const union = loaded.unionOf.get(schemaName);
      const isEvent = union?.family === 'events';
      const required = new Set(schema.required ?? []);
      if (union) required.add('kind');
      const keys = Object.keys(schema.properties ?? {}).filter((key) => key !== 'kind');
      if (union) keys.push('kind');
      // Closed models refuse unknown keys; open ones drop them (nothing to check); free ones keep them.
      const extra = schema.additionalProperties === false ? 'forbid' : schema.additionalProperties === true ? 'allow' : 'ignore';
      const lines = [
        `function ${name}(v: unknown): unknown {`,
        "  if (typeof v !== 'object' || v === null || Array.isArray(v)) return FAIL;",
      ];
      lines.push('  const x = v as Record<string, unknown>;');
      const known = `K${name}`;
      if (extra !== 'ignore') {
        lines.push('  for (const key in x) {');
        lines.push(`    if (${known}.has(key)) continue;`);
        lines.push(extra === 'forbid' ? '    return FAIL;' : '    if (key in Object.prototype || !Object.hasOwn(x, key)) return FAIL;');
        lines.push('  }');
      }
      lines.push('  const o: Record<string, unknown> = {};');
      lines.push('  let r: unknown;');
      for (const key of keys) {
        const node = schema.properties[key];
        const at = member('x', key);
        const put = member('o', key);
        if (isEvent && key === 'id') {
          lines.push(
            `  r = ${at};`,
            `  if (r === undefined) r = newUuid();`,
            `  else if (typeof r !== 'string' || r === '__root__') return FAIL;`,
            `  ${put} = r;`,
          );
          continue;
        }
        if (isEvent && key === 'timestamp') {
          lines.push(
            `  r = ${at};`,
            `  if (r === undefined) r = naiveLocalTimestamp();`,
            `  else if (typeof r !== 'string') return FAIL;`,
            `  ${put} = r;`,
          );
          continue;
        }
        const check = fn(node);
        if (required.has(key)) {
          lines.push(
            `  if (!(${lit(key)} in x)) return FAIL;`,
            `  r = ${check}(${at});`,
            '  if (r === FAIL) return FAIL;',
            `  ${put} = r;`,
          );
          continue;
        }
        // The value of a missing key: the default as Valibot would produce it (fresh lists and maps).
        let fallback;
        if (node.default !== undefined) fallback = lit(node.default);
        else if (node.anyOf?.some((member) => member.type === 'null') || (!node.type && !node.$ref && !node.anyOf)) fallback = 'null';
        else if (node.type === 'array') fallback = '[]';
        else if (node.type === 'object') fallback = '{}';
        else if (node.$ref) fallback = `${refFn(node.$ref.split('/').pop())}({})`;
        else if (node.type === 'string') fallback = 'newUuid()';
        else throw new Error(`fast decode: no default for ${schemaName}.${key}`);
        lines.push(`  r = ${at};`, `  r = r === undefined ? ${fallback} : ${check}(r);`, '  if (r === FAIL) return FAIL;', `  ${put} = r;`);
      }
      if (extra === 'allow') {
        lines.push(`  for (const key in x) if (!${known}.has(key)) o[key] = x[key];`);
      }
      const title = schema['x-service-title'];
      if (title !== undefined) {
        // The computed title: the annotations' title when set, else the tool's name.
        const fallback =
          typeof title === 'string'
            ? lit(title)
            : title.reduce((expr, key) => `(${expr} as Record<string, unknown>)${member('', key)}`, 'o');
        lines.push('  const annotations = o.annotations as { title?: unknown } | null;', `  o.title = annotations?.title || ${fallback};`);
      }
      lines.push('  return o;', '}');
      if (extra !== 'ignore') knownSets.push(`const ${known} = /* @__PURE__ */ new Set(${lit([...keys])});`);
      return lines.join('\n');
    });
  }

  const knownSets = [];
  const top = fn({ $ref: '#/components/schemas/Event-Input' });
  const code = [...functions.values()].map((entry) => entry.code).join('\n\n');
  const text =
    `${HEADER}` +
    "import { naiveLocalTimestamp, newUuid } from '../defaults';\n" +
    "import { isCanonicalDateTime } from '../service-datetime';\n" +
    "import { ACTION_KINDS, OBSERVATION_KINDS } from './kinds';\n\n" +
    '/** Returned when the fast path cannot decide; the Valibot schemas then decide and report. */\n' +
    "export const FAIL: unique symbol = Symbol('fast-decode-fail');\n\n" +
    'let lenient = false;\n\n' +
    'const ACTION_KIND_SET: ReadonlySet<unknown> = /* @__PURE__ */ new Set(ACTION_KINDS);\n' +
    'const OBSERVATION_KIND_SET: ReadonlySet<unknown> = /* @__PURE__ */ new Set(OBSERVATION_KINDS);\n\n' +
    `${knownSets.join('\n')}\n\n${code}\n\n` +
    '/**\n * Decodes one event in a single pass, or returns {@link FAIL}. `keepUnknownKinds` lets\n * actions, observations and tool definitions of unknown kinds through as opaque copies.\n */\n' +
    `export function fastDecodeEvent(value: unknown, keepUnknownKinds: boolean): unknown {\n  lenient = keepUnknownKinds;\n  return ${top}(value);\n}\n`;
  return { path: 'fast-decode.ts', text };
}
