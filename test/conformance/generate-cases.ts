/**
 * Deterministic cases for the conformance tests: values generated from the reference schemas,
 * and mutants of them. Mutants are not labelled valid or invalid: the oracle decides, and the
 * test only asks that agentwire decides the same.
 */
import { loadServiceSchemas } from './oracle';

// biome-ignore lint/suspicious/noExplicitAny: schema nodes are walked dynamically.
type Node = Record<string, any>;
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A small seeded PRNG (mulberry32). */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    chance: (p: number) => next() < p,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
  };
}
export type Random = ReturnType<typeof createRandom>;

const STRINGS = ['', 'ls -la', 'héllo wörld', 'x'.repeat(40), '{"a":1}', 'line1\nline2', '0', 'null'];
const DATES = ['2026-06-16T05:39:18.809928', '2026-06-16T05:39:18', '2026-06-16T05:39:18Z', '2026-06-16 05:39:18+02:00'];
const ANY: Json[] = [null, 0, 1.5, 'text', true, [], {}, [1, 'a'], { nested: { deep: [null] } }];

/** Generates values for the schemas of the reference document. */
export function createGenerator(seed: number) {
  const schemas = loadServiceSchemas();
  const random = createRandom(seed);

  function sample(node: Node, depth: number): Json {
    if (node.$ref) return sample(schemas[node.$ref.split('/').pop()] as Node, depth);
    if (node.oneOf) return sample(random.pick(node.oneOf as Node[]), depth);
    if (node.anyOf) {
      const nonNull = (node.anyOf as Node[]).filter((branch) => branch.type !== 'null');
      if (nonNull.length < node.anyOf.length && (depth > 4 || random.chance(0.3))) return null;
      return sample(random.pick(nonNull), depth);
    }
    if (node.const !== undefined) return node.const;
    if (node.enum) return random.pick(node.enum as Json[]);
    switch (node.type) {
      case 'string':
        if (node.format === 'date-time') return random.pick(DATES);
        return 'x'.repeat(node.minLength ?? 0) + random.pick(STRINGS);
      case 'integer': {
        const min = node.minimum ?? -3;
        const max = node.maximum ?? min + 200;
        return random.int(min, max);
      }
      case 'number': {
        const min = node.minimum ?? -10;
        const max = node.maximum ?? min + 100;
        return min + random.next() * (max - min);
      }
      case 'boolean':
        return random.chance(0.5);
      case 'array':
        return sampleArray(node, depth);
      case 'object':
        return sampleObject(node, depth);
      default:
        return random.pick(ANY);
    }
  }

  function sampleArray(node: Node, depth: number): Json {
    if (node.prefixItems) return (node.prefixItems as Node[]).map((item) => sample(item, depth + 1));
    const count = depth > 4 ? 0 : random.int(0, 3);
    const items: Json[] = [];
    for (let i = 0; i < count; i++) {
      const item = sample(node.items ?? {}, depth + 1);
      items.push(node.uniqueItems && typeof item === 'string' ? `${item}#${i}` : item);
    }
    return items;
  }

  function sampleObject(node: Node, depth: number): Json {
    const out: { [key: string]: Json } = {};
    const required = new Set<string>(node.required ?? []);
    for (const [key, child] of Object.entries((node.properties ?? {}) as Record<string, Node>)) {
      if (key === 'kind' || required.has(key) || random.chance(0.6)) out[key] = sample(child, depth + 1);
    }
    const extra = node.additionalProperties;
    if (extra && typeof extra === 'object') {
      for (let i = random.int(0, 2); i > 0; i--) out[`key${i}`] = sample(extra, depth + 1);
    } else if (extra !== false && (node.properties === undefined || random.chance(0.2))) {
      out.extra_field = random.pick(ANY);
    }
    return out;
  }

  return {
    random,
    /** A value of the named schema. */
    valid: (schemaName: string): Json => sample(schemas[schemaName] as Node, 0),
  };
}

/** Every object and array inside a value, with the way to reach it. */
function containers(value: Json): (Json[] | { [key: string]: Json })[] {
  const out: (Json[] | { [key: string]: Json })[] = [];
  const stack: Json[] = [value];
  while (stack.length > 0) {
    const node = stack.pop() as Json;
    if (node && typeof node === 'object') {
      out.push(node);
      stack.push(...(Array.isArray(node) ? node : Object.values(node)));
    }
  }
  return out;
}

const WRONG: Json[] = [1.5, -1, 1000, 'NOT_AN_ENUM_VALUE', true, null, [], {}, [1, 1], 'x'];

/** One random mutation of a deep copy of `value`. */
export function mutate(value: Json, random: Random): Json {
  const copy = structuredClone(value);
  const objects = containers(copy).filter((node) => !Array.isArray(node)) as { [key: string]: Json }[];
  const arrays = containers(copy).filter((node) => Array.isArray(node)) as Json[][];
  const target = objects.length > 0 ? random.pick(objects) : undefined;
  const keys = target ? Object.keys(target) : [];
  switch (random.int(0, 8)) {
    case 0:
      if (target) target[random.pick(['zz_extra', '__proto__', 'constructor', 'Kind'])] = 1;
      break;
    case 1:
      if (target && keys.length > 0) delete target[random.pick(keys)];
      break;
    case 2:
    case 3:
      if (target && keys.length > 0) target[random.pick(keys)] = random.pick(WRONG);
      break;
    case 4:
      if (target && 'kind' in target) delete target.kind;
      break;
    case 5:
      if (target && 'kind' in target) target.kind = random.pick(['UnknownKind', 'ClientAction_x', 5, 'actionevent']);
      break;
    case 6: {
      const array = arrays.length > 0 ? random.pick(arrays) : undefined;
      if (array && array.length > 0) array.push(structuredClone(array[0] as Json));
      break;
    }
    case 7:
      if (copy && typeof copy === 'object' && !Array.isArray(copy)) copy.id = '__root__';
      break;
    default:
      if (target && keys.length > 0) {
        const key = random.pick(keys);
        const current = target[key];
        target[key] = typeof current === 'number' ? current + random.pick([0.5, -1000, 1000, 1]) : [current as Json];
      }
  }
  return copy;
}
