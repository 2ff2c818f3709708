/**
 * Lists, sets, sequences, tuples and unions as the service's models validate them.
 * Internal: not exported from the package.
 * @module
 */
import * as v from 'valibot';
import { fail, outcome, serviceIssue } from './service-issue';
import { runSchema, withRun } from './with-run';

type Schema<T = unknown> = v.GenericSchema<unknown, T>;
type Issue = v.BaseIssue<unknown>;

/** Puts `item` in front of the path of each issue (the place of the value that produced them). */
function under(issues: readonly Issue[], item: v.IssuePathItem): Issue[] {
  for (const issue of issues) {
    if (issue.path) issue.path.unshift(item);
    else (issue as { path?: v.IssuePathItem[] }).path = [item];
  }
  return issues as Issue[];
}

const at = (input: unknown[], key: number): v.ArrayPathItem => ({ type: 'array', origin: 'value', input, key, value: input[key] });

/**
 * A set of hashable items (a pydantic `set[...]`): a list whose repeated items collapse, first
 * occurrence first; anything but a list is `set_type`.
 */
/* @__NO_SIDE_EFFECTS__ */
export function setOf<T>(item: Schema<T>): Schema<T[]> {
  return withRun(v.array(item), () => (dataset, config) => {
    const input = dataset.value;
    if (!Array.isArray(input)) return fail(input, serviceIssue('set_type', 'Input should be a valid set', input));
    const out = new Set<unknown>();
    const issues: Issue[] = [];
    for (let i = 0; i < input.length; i++) {
      const result = runSchema(item, input[i], config);
      if (result.issues) issues.push(...under(result.issues, at(input, i)));
      else out.add(result.value);
    }
    return outcome(input, [...out], issues);
  });
}

/**
 * A pydantic `Sequence[...]`: a list; a string is refused on purpose (`sequence_str`), anything
 * else is not an instance of `Sequence` (`is_instance_of`).
 */
/* @__NO_SIDE_EFFECTS__ */
export function sequence<T>(item: Schema<T>): Schema<T[]> {
  return withRun(v.array(item), (original) => (dataset, config) => {
    const input = dataset.value;
    if (Array.isArray(input)) return original(dataset, config);
    if (typeof input === 'string') {
      return fail(input, serviceIssue('sequence_str', "'str' instances are not allowed as a Sequence value", input, { type_name: 'str' }));
    }
    return fail(input, serviceIssue('is_instance_of', 'Input should be an instance of Sequence', input, { class: 'Sequence' }));
  });
}

/**
 * `Message.content`: a sequence of content blocks, where the service first turns `null` into
 * `[]` and a plain string into one text block.
 */
/* @__NO_SIDE_EFFECTS__ */
export function messageContent<T>(item: Schema<T>): Schema<T[]> {
  return withRun(sequence(item), (original) => (dataset, config) => {
    const input = dataset.value;
    if (input === null) return original({ value: [] }, config);
    if (typeof input === 'string') return original({ value: [{ text: input }] }, config);
    return original(dataset, config);
  });
}

/** A fixed-length tuple (a pydantic `tuple[A, B]`), given as a list. */
/* @__NO_SIDE_EFFECTS__ */
export function tuple<const T extends readonly Schema[]>(items: T): Schema<{ -readonly [K in keyof T]: v.InferOutput<T[K]> }> {
  return withRun(v.strictTuple(items as unknown as v.TupleItems), () => (dataset, config) => {
    const input = dataset.value;
    if (!Array.isArray(input)) return fail(input, serviceIssue('tuple_type', 'Input should be a valid tuple', input));
    const out: unknown[] = [];
    const issues: Issue[] = [];
    items.forEach((item, i) => {
      if (i >= input.length) {
        issues.push(...under([serviceIssue('missing', 'Field required', input)], at(input, i)));
        return;
      }
      const result = runSchema(item, input[i], config);
      if (result.issues) issues.push(...under(result.issues, at(input, i)));
      out.push(result.value);
    });
    if (input.length > items.length) {
      const message = `Tuple should have at most ${items.length} items after validation, not ${input.length}`;
      issues.push(serviceIssue('too_long', message, input, { field_type: 'Tuple', max_length: items.length, actual_length: input.length }));
    }
    return outcome(input, out, issues);
  }) as never;
}

/**
 * A union of models without a discriminator (pydantic's smart union): the first member that
 * accepts the value wins; when none does, every member's errors are reported, each under the
 * member's class name (`["content", 0, "TextContent", "text"]`).
 */
/* @__NO_SIDE_EFFECTS__ */
export function modelUnion<T>(members: Readonly<Record<string, Schema>>): Schema<T> {
  const entries = Object.entries(members);
  return withRun(v.union(entries.map(([, schema]) => schema)), () => (dataset, config) => {
    const input = dataset.value;
    const issues: Issue[] = [];
    // Unknown keys kept by a member that then failed were not kept.
    const kept = config.kept?.length ?? 0;
    for (const [name, schema] of entries) {
      const result = runSchema(schema, input, config);
      if (!result.issues) return result;
      if (config.kept) config.kept.length = kept;
      issues.push(...under(result.issues, { type: 'unknown', origin: 'value', input, key: name, value: input }));
    }
    return outcome(input, undefined, issues);
  }) as Schema<T>;
}
