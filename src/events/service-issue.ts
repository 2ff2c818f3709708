/**
 * The plumbing the service-faithful schemas share: issues that already carry the service's error
 * type, the decode configuration they read, and the record of keys the service's validators remove
 * from the objects they validate (so error echoes show the objects as the service saw them).
 * Internal: not exported from the package.
 * @module
 */
import type * as v from 'valibot';

/** Keys removed from input objects during one decode, by object. */
export type PoppedKeys = Map<object, string[]>;

/** The decode configuration that nested schemas see. */
export interface DecodeConfig extends v.Config<v.BaseIssue<unknown>> {
  /** `'keep'` lets actions, observations and tool definitions of unknown kinds through as opaque objects. */
  unknownKinds?: 'reject' | 'keep';
  /** `'strict'` turns off the service's lax coercions (`"true"` for a boolean, `"5"` for an integer, …). */
  coercion?: 'lax' | 'strict';
  /** `'keep'` lets every model accept, keep and record keys it does not define. */
  unknownFields?: 'reject' | 'keep';
  /** Under `unknownFields: 'keep'`, the unknown keys kept so far, by the input object that held them. */
  kept?: KeptKey[];
  /** Set by the outermost tagged union of a decode: the keys its validators popped. */
  popped?: PoppedKeys;
}

/** An unknown key a model kept, noted against the input object that held it (its place is found later). */
export interface KeptKey {
  readonly object: object;
  readonly model: string;
  readonly key: string;
}

/** A Valibot issue worded as the service words its error: `type` is the service's error type. */
export interface ServiceIssue extends v.BaseIssue<unknown> {
  /** The error's context, as the service gives it (`{ expected: "'a' or 'b'" }`, `{ error: {} }`, …). */
  readonly ctx?: Record<string, unknown>;
  /** Marks issues made here. */
  readonly service: true;
}

/** An issue of the service's `type`, `msg`, `input` and `ctx`. */
export function serviceIssue(type: string, message: string, input: unknown, ctx?: Record<string, unknown>): ServiceIssue {
  const issue = { kind: 'validation', type, input, expected: null, received: typeof input, message, service: true } as const;
  return (ctx ? { ...issue, ctx } : issue) as ServiceIssue;
}

/** Whether an issue was made by {@link serviceIssue}. */
export function isServiceIssue(issue: v.BaseIssue<unknown>): issue is ServiceIssue {
  return (issue as Partial<ServiceIssue>).service === true;
}

/** A failed dataset holding one service issue. */
export function fail(value: unknown, issue: ServiceIssue): v.OutputDataset<unknown, v.BaseIssue<unknown>> {
  return { typed: false, value, issues: [issue] };
}

/** The dataset of a run that checked several parts: the output, or every issue found. */
export function outcome(input: unknown, output: unknown, issues: v.BaseIssue<unknown>[]): v.OutputDataset<unknown, v.BaseIssue<unknown>> {
  if (issues.length === 0) return { typed: true, value: output };
  return { typed: false, value: input, issues: issues as [v.BaseIssue<unknown>, ...v.BaseIssue<unknown>[]] };
}

/** Notes that the service's validator removed `key` from `object` (a dict it mutates in place). */
export function recordPop(config: DecodeConfig, object: object, key: string): void {
  const popped = config.popped;
  if (!popped) return;
  const keys = popped.get(object);
  if (!keys) popped.set(object, [key]);
  else if (!keys.includes(key)) keys.push(key);
}

const echoes = /* @__PURE__ */ new WeakMap<v.BaseIssue<unknown>, PoppedKeys>();

/** Ties issues to the keys popped during their decode, for {@link echoInput}. */
export function attachPopped(issues: readonly v.BaseIssue<unknown>[], popped: PoppedKeys): void {
  if (popped.size === 0) return;
  for (const issue of issues) echoes.set(issue, popped);
}

/** The keys popped during the decode that produced `issue`, if any. */
export function poppedOf(issue: v.BaseIssue<unknown>): PoppedKeys | undefined {
  return echoes.get(issue);
}

// Popped objects sit at most a few levels below any echoed value (event → observation → content → item).
const ECHO_DEPTH = 5;

/**
 * `value` as the service echoes it in an error: the objects its validators mutated lack the keys
 * they popped (an event's `kind`, a text block's deprecated fields). Copies only what changes.
 */
export function echoInput(value: unknown, popped: PoppedKeys | undefined, depth = 0): unknown {
  if (!popped || value === null || typeof value !== 'object' || depth > ECHO_DEPTH) return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item = value[i];
      const echoed = echoInput(item, popped, depth + 1);
      if (echoed !== item) {
        copy ??= value.slice();
        copy[i] = echoed;
      }
    }
    return copy ?? value;
  }
  const removed = popped.get(value);
  let changed = removed !== undefined;
  const entries: [string, unknown][] = [];
  for (const key of Object.keys(value)) {
    if (removed?.includes(key)) continue;
    const item = (value as Record<string, unknown>)[key];
    const echoed = echoInput(item, popped, depth + 1);
    if (echoed !== item) changed = true;
    entries.push([key, echoed]);
  }
  // `Object.fromEntries` defines keys as data, so a `__proto__` key stays a plain key.
  return changed ? Object.fromEntries(entries) : value;
}
