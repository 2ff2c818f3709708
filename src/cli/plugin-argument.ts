/**
 * The `--plugin SOURCE[@REF][:PATH]` argument of `agentwire launch-link create`: where the source
 * ends, where the ref starts and where the repository path starts, for every source form the
 * service accepts. The rules are in {@link PLUGIN_ARGUMENT_HELP}.
 * @module
 */

import type { PluginParameterValue, PluginSpec } from '../plugins/index';
import { redactSourceCredentials } from '../plugins/index';
import { UsageError } from './io';
import { printable } from './report-text';

/** The rules, as `--help` prints them. */
export const PLUGIN_ARGUMENT_HELP = `How --plugin SOURCE[@REF][:PATH] is split: the source ends where its own syntax ends; the
first "@" after it starts the ref (a branch, tag or commit, which cannot hold ":"), and the first
":" after the source and ref starts the repository path (which may hold anything).
  github:OWNER/REPO[@REF][:PATH]           OWNER/REPO ends at the first "@" or ":"
  SCHEME://[USER[:PASS]@]HOST[:PORT]/REPO[@REF][:PATH]
                                            https, http, ssh, git, file: the "@" and ":" of the
                                            host part belong to the URL; its path ends at the
                                            first "@" or ":" (write those as %40 and %3A in it)
  USER@HOST:REPO[@REF][:PATH]              the scp form (git@github.com:o/r.git): its first "@"
                                            and ":" belong to it; REPO ends at the next "@" or ":"
  /PATH, ~/PATH, ./PATH, ../PATH, C:\\PATH  a local folder, taken whole ("@" and ":" included):
                                            the service ignores a ref and refuses a repository
                                            path for a local folder
  other text                               a relative folder (plugins/x), taken whole; if it
                                            holds "@" or ":" it is refused as ambiguous: write
                                            github:OWNER/REPO… or ./PATH
  {"source": …, "ref": …, "repo_path": …, "parameters": {…}}
                                            a JSON object, taken as it is (for anything the
                                            forms above cannot say)`;

const EXAMPLE = 'github:OWNER/REPO[@REF][:PATH]';

function refuse(argument: string, why: string): never {
  throw new UsageError(
    `--plugin ${printable(redactSourceCredentials(argument), 200)}: ${why}\n` +
      `Write --plugin ${EXAMPLE} (or a git URL, or ./PATH); see agentwire launch-link create --help.`,
  );
}

const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//;
const SCP = /^[\p{L}\p{N}_.-]+@[\p{L}\p{N}_.-]+:/u;
const LOCAL = /^(?:[/~.\\]|[A-Za-z]:[\\/])/;

/** The index of the first `@` or `:` at or after `from`, or -1. */
function firstMark(text: string, from: number): number {
  for (let at = from; at < text.length; at++) if (text[at] === '@' || text[at] === ':') return at;
  return -1;
}

/** Splits `[@REF][:PATH]` after the source. */
function readTail(argument: string, source: string, tail: string): PluginSpec {
  const spec: PluginSpec = { source };
  let rest = tail;
  if (rest.startsWith('@')) {
    const colon = rest.indexOf(':');
    const ref = colon < 0 ? rest.slice(1) : rest.slice(1, colon);
    if (ref === '') refuse(argument, 'the ref after "@" is empty');
    spec.ref = ref;
    rest = colon < 0 ? '' : rest.slice(colon);
  }
  if (rest.startsWith(':')) {
    const path = rest.slice(1);
    if (path === '') refuse(argument, 'the repository path after ":" is empty');
    spec.repo_path = path;
  }
  return spec;
}

function readJson(argument: string): PluginSpec {
  let value: unknown;
  try {
    value = JSON.parse(argument);
  } catch (error) {
    refuse(argument, `it starts with "{" but is not JSON (${(error as Error).message.slice(0, 80)})`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) refuse(argument, 'the JSON form must be an object');
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (!['source', 'ref', 'repo_path', 'parameters'].includes(key))
      refuse(argument, `the JSON form has the key ${JSON.stringify(key)}; use source, ref, repo_path and parameters`);
  }
  if (typeof record.source !== 'string' || record.source.trim() === '') refuse(argument, 'the JSON form needs a non-empty string "source"');
  const spec: PluginSpec = { source: record.source };
  for (const key of ['ref', 'repo_path'] as const) {
    const field = record[key];
    if (field !== undefined && field !== null && typeof field !== 'string') refuse(argument, `"${key}" must be a string or null`);
    if (field !== undefined) spec[key] = field as string | null;
  }
  const parameters = record.parameters;
  if (parameters !== undefined && parameters !== null && (typeof parameters !== 'object' || Array.isArray(parameters)))
    refuse(argument, '"parameters" must be an object or null');
  if (parameters !== undefined) spec.parameters = parameters as Record<string, PluginParameterValue> | null;
  return spec;
}

/**
 * Reads one `--plugin` argument into a plugin spec (see {@link PLUGIN_ARGUMENT_HELP}). Only the
 * syntax is checked here; whether the service accepts the source is `checkPluginReference`'s
 * business. Throws a {@link UsageError} that says how to write the argument.
 */
export function parsePluginArgument(argument: string): PluginSpec {
  const text = argument.trim();
  if (text === '') refuse(argument, 'it is empty');
  if (text.startsWith('{')) return readJson(text);
  if (text.startsWith('github:')) {
    const end = firstMark(text, 7);
    const name = end < 0 ? text.slice(7) : text.slice(7, end);
    const parts = name.split('/');
    if (parts.length !== 2 || parts.some((part) => part === '')) refuse(argument, `"github:${name}" is not github:OWNER/REPO`);
    return readTail(argument, `github:${name}`, end < 0 ? '' : text.slice(end));
  }
  const scheme = SCHEME.exec(text);
  if (scheme) {
    const slash = text.indexOf('/', scheme[0].length);
    if (slash < 0) refuse(argument, 'a git URL needs the repository path after the host (https://HOST/OWNER/REPO.git)');
    const end = firstMark(text, slash);
    return readTail(argument, end < 0 ? text : text.slice(0, end), end < 0 ? '' : text.slice(end));
  }
  const scp = SCP.exec(text);
  if (scp) {
    const end = firstMark(text, scp[0].length);
    if ((end < 0 ? text.length : end) === scp[0].length)
      refuse(argument, 'the scp form needs the repository path after ":" (git@HOST:OWNER/REPO.git)');
    return readTail(argument, end < 0 ? text : text.slice(0, end), end < 0 ? '' : text.slice(end));
  }
  if (LOCAL.test(text)) return { source: text };
  if (firstMark(text, 0) >= 0) {
    refuse(argument, 'it is ambiguous: write github:OWNER/REPO… for a GitHub repository, or ./PATH for a local folder');
  }
  return { source: text };
}
