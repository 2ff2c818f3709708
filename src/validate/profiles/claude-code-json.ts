/**
 * The JSON files of the `claude-code` profile: read through the command's file system, parsed
 * with positions, and the small checks every Claude Code schema needs (types, required fields,
 * unknown keys, kebab-case names).
 * @module
 */
import type { JsonPath } from '../../internal/python/json';
import {
  checkJsonType,
  createJsonCheckContext,
  formatJsonPath,
  hasOwn,
  type JsonCheckContext,
  type JsonType,
  readJsonDocument,
  report,
} from '../../plugins/internal';
import type { ProfileDiagnostic } from '../types';
import {
  CLAUDE_CODE_FIELD_MISSING,
  CLAUDE_CODE_NAME_INVALID,
  CLAUDE_CODE_NAME_NOT_KEBAB_CASE,
  CLAUDE_CODE_UNKNOWN_KEY,
  CLAUDE_CODE_UNREADABLE,
  CLAUDE_CODE_WRONG_TYPE,
} from './claude-code-rules';
import { retag } from './profile-output';
import { type ResolvedOptions, readText } from './read-text';

/** A Claude Code JSON file read and parsed: where its diagnostics go, and its root value. */
export interface ClaudeJsonFile {
  context: JsonCheckContext;
  root: unknown;
}

/** Claude Code's name convention: lowercase letters and digits in words joined by single hyphens. */
export const KEBAB_CASE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Reads and parses a JSON file; reports why it cannot be read or parsed into `out` and returns
 * undefined then. A byte-order mark is refused, as JavaScript's JSON parser refuses it.
 */
export async function readClaudeJson(
  file: string,
  options: ResolvedOptions,
  out: ProfileDiagnostic[],
): Promise<ClaudeJsonFile | undefined> {
  const read = await readText(file, options);
  if (!read.ok) {
    if (read.reason === 'outside') return undefined;
    out.push({
      severity: 'error',
      code: CLAUDE_CODE_UNREADABLE.code,
      message: `${read.message} Claude Code cannot read it.`,
      file,
      line: read.at?.line ?? 1,
      column: read.at?.column ?? 1,
      hint: CLAUDE_CODE_UNREADABLE.hint,
      profile: 'claude-code',
    });
    return undefined;
  }
  const document = readJsonDocument(read.text, file, 'refuse');
  out.push(...retag(document.diagnostics, 'claude-code', { voice: 'Claude Code' }));
  if (!document.ok) return undefined;
  return { context: createJsonCheckContext(file, document.source), root: document.source.value };
}

/** Moves the diagnostics of a checked file into `out`, stamped with the profile. */
export function flushClaudeJson(file: ClaudeJsonFile, out: ProfileDiagnostic[]): void {
  out.push(...retag(file.context.diagnostics, 'claude-code'));
}

/** Checks a value's JSON type; reports a wrong one. */
export function expectType(context: JsonCheckContext, path: JsonPath, value: unknown, types: readonly JsonType[]): boolean {
  return checkJsonType(context, CLAUDE_CODE_WRONG_TYPE, path, value, types, 'Claude Code fails validation.');
}

/** Reports a required field that is missing from the object at `path`; returns whether it is there. */
export function expectField(
  context: JsonCheckContext,
  object: Record<string, unknown>,
  path: JsonPath,
  key: string,
  what: string,
): boolean {
  if (hasOwn(object, key)) return true;
  const where = path.length === 0 ? 'The file' : formatJsonPath(path);
  report(context, CLAUDE_CODE_FIELD_MISSING, path, 'value', `${where} has no "${key}"; Claude Code requires ${what}.`);
  return false;
}

/** Warns about each key of `object` that `known` does not hold. */
export function reportUnknownKeys(
  context: JsonCheckContext,
  object: Record<string, unknown>,
  path: JsonPath,
  known: ReadonlySet<string>,
  where: string,
  notes: Readonly<Record<string, string>> = {},
): void {
  for (const key of Object.keys(object)) {
    if (known.has(key)) continue;
    const note = Object.hasOwn(notes, key) ? ` ${notes[key]}` : '';
    report(
      context,
      CLAUDE_CODE_UNKNOWN_KEY,
      [...path, key],
      'key',
      `Claude Code does not define "${key}" ${where}: it strips the key at load and \`claude plugin validate\` warns.${note}`,
    );
  }
}

/** Checks a plugin or marketplace name: required text, no spaces, kebab-case (a warning). Returns it when it is text. */
export function checkClaudeName(
  context: JsonCheckContext,
  object: Record<string, unknown>,
  path: JsonPath,
  what: string,
): string | undefined {
  if (!expectField(context, object, path, 'name', `a name for every ${what}`)) return undefined;
  const name = object.name;
  if (!expectType(context, [...path, 'name'], name, ['string'])) return undefined;
  const text = name as string;
  if (text.trim() === '' || /\s/.test(text)) {
    const why = text.trim() === '' ? 'is empty' : 'has spaces';
    report(
      context,
      CLAUDE_CODE_NAME_INVALID,
      [...path, 'name'],
      'value',
      `The ${what} name ${JSON.stringify(text)} ${why}; Claude Code refuses it.`,
    );
  } else if (!KEBAB_CASE.test(text)) {
    report(
      context,
      CLAUDE_CODE_NAME_NOT_KEBAB_CASE,
      [...path, 'name'],
      'value',
      `The ${what} name ${JSON.stringify(text)} is not kebab-case; \`claude plugin validate\` warns and Claude Desktop's managed sync rejects it.`,
    );
  }
  return text;
}
