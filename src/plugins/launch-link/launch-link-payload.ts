/**
 * The `plugins` value of a launch link: base64, then UTF-8, then a JSON array of plugins, read
 * exactly as the app reads it (`service`) or with the repairs links met in the wild need
 * (`tolerant`).
 * @module
 */
import { base64ToBytes, bytesToBinary } from '../../internal/base64';
import type { Diagnostic } from '../../internal/diagnostic';
import type { PluginParameterValue } from '../plugin-reference';
import { addNote, LAUNCH_LINK_MAX_DEPTH } from './launch-link-rules';

/** A plugin as the tolerant decoder gives it: every field present, each of its checked type. */
export interface LaunchPlugin {
  source: string;
  ref: string | null;
  repo_path: string | null;
  parameters: Record<string, PluginParameterValue> | null;
}

/** A plugin as the app keeps it: `source` is a string, the rest is passed on unchecked (`null` when absent). */
export interface UncheckedLaunchPlugin {
  source: string;
  ref: unknown;
  repo_path: unknown;
  parameters: unknown;
}

/** Where the findings about one value go, and where the value sits in the link. */
export interface PayloadReport {
  /** Repairs and other findings that do not stop decoding. */
  notes: Diagnostic[];
  /** Why the value is refused. */
  errors: Diagnostic[];
  /** The column of the value in the link. */
  column: number;
}

/** The plugin fields besides `source` that the app keeps. */
export const KEYS = ['ref', 'repo_path', 'parameters'] as const;

/** The JSON type of a value: `null`, `array`, `number`; `undefined` when absent. */
const typeOf = (value: unknown): string => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

const isContainer = (item: unknown): item is object => item !== null && typeof item === 'object';

/**
 * What keeps `value` from reading back as it is from JSON, as a phrase: a value JSON cannot carry
 * or changes (a function, `undefined`, `NaN`, a `Date` or other class instance), or containers
 * nested more than `max` levels deep. Iterative, so deep input cannot exhaust the stack; run it
 * on acyclic values only (what `JSON.stringify` accepts).
 */
export function jsonProblem(value: unknown, max: number): string | undefined {
  let level = [value];
  for (let depth = 0; level.length > 0; depth++) {
    const next: unknown[] = [];
    for (const item of level) {
      if (item === null || typeof item === 'string' || typeof item === 'boolean' || Number.isFinite(item)) continue;
      // A plain object's prototype is `Object.prototype` (of any realm: an iframe's too) or null.
      const proto = isContainer(item) && Object.getPrototypeOf(item);
      if (proto === false || (proto && !Array.isArray(item) && Object.getPrototypeOf(proto))) return 'hold a value that is not plain JSON';
      if (depth >= max) return `nest more than ${max} levels deep`;
      // JSON leaves out undefined properties (an undefined array item would become null).
      for (const child of Object.values(item as object)) if (child !== undefined || Array.isArray(item)) next.push(child);
    }
    level = next;
  }
}

/**
 * What is wrong with field `key` (`ref`, `repo_path` or `parameters`) of the plugin called `name`
 * for the server, which wants a string or null (an object or null for `parameters`): a phrase,
 * or `undefined` when the value fits.
 */
export function fieldProblem(name: string, key: string, value: unknown): string | undefined {
  const object = key === 'parameters';
  if (value != null && (object ? !isContainer(value) || Array.isArray(value) : typeof value !== 'string')) {
    return `${name}.${key} is ${typeOf(value)}, not ${object ? 'an object' : 'a string'} or null`;
  }
}

/** Notes each key of plugin `name` other than `source`, `ref`, `repo_path` and `parameters`: the app drops them. */
export function unknownKeys(plugin: object, name: string, column: number, notes: Diagnostic[]): void {
  for (const key of Object.keys(plugin)) {
    if (key !== 'source' && !KEYS.includes(key as never))
      addNote(notes, 'launch-link-unknown-key', column, `${name} has the key ${JSON.stringify(key)}`, 'warning');
  }
}

/** The tolerant repairs of the base64 text: raw `+`, base64url, padding. */
function repair(value: string, report: PayloadReport): string {
  const { notes, column } = report;
  // atob drops the other ASCII white space itself.
  let text = value.replace(/[\t\n\f\r]/g, '');
  if (text.includes(' ')) {
    text = text.replace(/ /g, '+');
    addNote(notes, 'launch-link-raw-plus', column, 'a `+` in the plugins value is not percent-encoded');
  }
  if (/[-_]/.test(text)) {
    text = text.replace(/-/g, '+').replace(/_/g, '/');
    addNote(notes, 'launch-link-base64url', column, 'the plugins value is base64url (`-`, `_`)');
  }
  const core = text.replace(/=+$/, '');
  const pad = text.length - core.length;
  const need = (4 - (core.length % 4)) % 4;
  if (pad !== need && core.length % 4 !== 1) {
    const message = `the plugins value ends with ${pad} \`=\` where base64 needs ${need}`;
    addNote(notes, 'launch-link-missing-padding', column, message, pad ? 'error' : 'info');
    text = core + '='.repeat(need);
  }
  return text;
}

/** Base64 text to the JSON text it carries, or `undefined` (with an error) when it is not base64. */
function toJsonText(value: string, tolerant: boolean, report: PayloadReport): string | undefined {
  const { notes } = report;
  const before = notes.length;
  const text = tolerant ? repair(value, report) : value;
  let bytes: Uint8Array;
  try {
    bytes = base64ToBytes(text);
  } catch {
    // Repairs that did not make it base64 are not worth reporting.
    notes.length = before;
    addNote(report.errors, 'launch-link-invalid-payload', report.column, 'the plugins value is not base64');
    return undefined;
  }
  // The app's reading: UTF-8, U+FFFD for bad bytes, a leading BOM dropped.
  const app = new TextDecoder().decode(bytes);
  if (!tolerant) return app;
  try {
    return new TextDecoder(undefined, { fatal: true }).decode(bytes);
  } catch {
    const at = app.indexOf('\uFFFD');
    const seen = app.slice(Math.max(0, at - 12), at + 12);
    addNote(report.notes, 'launch-link-latin1', report.column, `the payload is Latin-1, not UTF-8 (the app reads …${seen}…)`);
    return bytesToBinary(bytes);
  }
}

/** Checks one element; gives the plugin, or `undefined` after reporting why it is refused. */
function readElement(item: unknown, index: number, tolerant: boolean, report: PayloadReport): UncheckedLaunchPlugin | undefined {
  const { column, errors } = report;
  const record = item as Record<string, unknown>;
  const name = `plugins[${index}]`;
  if (!isContainer(item) || typeof record.source !== 'string') {
    const where = isContainer(item) ? `${name}.source is ${typeOf(record.source)}` : `${name} is ${typeOf(item)}`;
    addNote(errors, 'launch-link-bad-element', column, `${where}, not an object with a string source`);
    return undefined;
  }
  unknownKeys(record, name, column, report.notes);
  const before = errors.length;
  const plugin = { source: record.source } as UncheckedLaunchPlugin;
  for (const key of KEYS) {
    plugin[key] = record[key] ?? null;
    const problem = tolerant && fieldProblem(name, key, record[key]);
    if (problem) addNote(errors, 'launch-link-bad-element', column, problem);
  }
  const deep = tolerant && jsonProblem(plugin.parameters, LAUNCH_LINK_MAX_DEPTH);
  if (deep) addNote(errors, 'launch-link-too-deep', column, `${name}.parameters ${deep}`);
  return errors.length === before ? plugin : undefined;
}

/**
 * Decodes a non-empty `plugins` value (as the query gave it, percent-decoded). `service` mode
 * does what the app does; `tolerant` repairs the value first, decodes UTF-8 strictly with a
 * Latin-1 fallback, and checks each element's field types. Gives the plugins, or `undefined`
 * after adding to `report.errors` why not. Never throws.
 */
export function decodeLaunchPayload(value: string, tolerant: boolean, report: PayloadReport): UncheckedLaunchPlugin[] | undefined {
  const { errors, column } = report;
  const json = toJsonText(value, tolerant, report);
  let parsed: unknown;
  try {
    parsed = json === undefined ? undefined : JSON.parse(json);
  } catch (error) {
    addNote(
      errors,
      'launch-link-invalid-payload',
      column,
      `the decoded plugins value is not JSON (${(error as Error).message.slice(0, 80)})`,
    );
  }
  if (errors.length > 0) return undefined;
  if (!Array.isArray(parsed)) {
    addNote(errors, 'launch-link-invalid-payload', column, `the decoded plugins value is ${typeOf(parsed)}, not an array`);
    return undefined;
  }
  const plugins = parsed.map((item, index) => readElement(item, index, tolerant, report));
  if (errors.length === 0 && plugins.length === 0) addNote(errors, 'launch-link-no-plugins', column, 'the plugins value is an empty array');
  return errors.length > 0 ? undefined : (plugins as UncheckedLaunchPlugin[]);
}
