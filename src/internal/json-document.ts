/**
 * Reading a JSON file of the skill and plugin tooling (plugin.json, mcp.json, a plugin's or a
 * skill folder's .mcp.json, hooks.json, marketplace.json): the JSON rules every parser shares,
 * with their diagnostics.
 * @module
 */
import { type Diagnostic, diagnostic } from './diagnostic';
import { type JsonSource, parseJsonSource } from './python/json';
import { defineRule, type Rule } from './rule';

/** Not JSON at all: the service cannot read the file. */
export const INVALID_JSON = /* @__PURE__ */ defineRule({
  code: 'invalid-json',
  severity: 'error',
  title: 'The file is not valid JSON',
  description: 'The service parses the file with a JSON reader and rejects it whole: nothing in it is loaded.',
  hint: 'Fix the JSON syntax at the position shown (a trailing comma, a missing quote or an unescaped newline are the usual causes).',
  example: '{ "name": "my-plugin", }',
});

/** A key written twice in one object: the last one silently wins. */
export const DUPLICATE_KEY = /* @__PURE__ */ defineRule({
  code: 'duplicate-json-key',
  severity: 'warning',
  title: 'A key appears twice in one object',
  description: "The service's JSON reader keeps the last value and ignores the earlier one without a word.",
  hint: 'Remove one of the two keys, keeping the value you mean.',
  example: '{ "name": "a", "name": "b" }',
});

/** The rules of this module. */
export const JSON_DOCUMENT_RULES: readonly Rule[] = [INVALID_JSON, DUPLICATE_KEY];

/**
 * Throws a `TypeError` (a mistake in the call) when a parser that reads a file's text is given
 * something else, most often the value `JSON.parse` already made of it: positions, keys written
 * twice and a byte-order mark are only in the text.
 */
export function requireText(text: unknown, parser: string): asserts text is string {
  if (typeof text === 'string') return;
  const got =
    text === null ? 'null' : Array.isArray(text) ? 'an array' : text instanceof Uint8Array ? 'bytes' : `a value of type ${typeof text}`;
  throw new TypeError(
    `${parser} takes the file's text, not ${got}: pass the file's contents as read (decode bytes as UTF-8 first), not a value already parsed; the positions, keys written twice and a byte-order mark the service sees are only in the text.`,
  );
}

/** The result of {@link readJsonDocument}. */
export type JsonDocumentResult = { ok: true; source: JsonSource; diagnostics: Diagnostic[] } | { ok: false; diagnostics: Diagnostic[] };

/**
 * Parses a JSON file's text. A leading byte-order mark is removed when `bom` is `'strip'`
 * (Python's `utf-8-sig`) and refused as invalid JSON otherwise, as Python's `json.loads` does.
 */
export function readJsonDocument(text: string, file: string, bom: 'strip' | 'refuse' = 'refuse'): JsonDocumentResult {
  const hasBom = text.charCodeAt(0) === 0xfeff;
  if (hasBom && bom === 'refuse') {
    return {
      ok: false,
      diagnostics: [
        diagnostic(INVALID_JSON, {
          file,
          message: 'The file starts with a byte-order mark (U+FEFF), which the service refuses as invalid JSON.',
          hint: 'Save the file as UTF-8 without a byte-order mark.',
        }),
      ],
    };
  }
  const parsed = parseJsonSource(hasBom ? text.slice(1) : text);
  if (!parsed.ok) {
    const { message, line, column } = parsed.error;
    return { ok: false, diagnostics: [diagnostic(INVALID_JSON, { file, at: { line, column }, message: `Invalid JSON: ${message}.` })] };
  }
  const diagnostics = parsed.source.duplicateKeys.map((duplicate) =>
    diagnostic(DUPLICATE_KEY, {
      file,
      at: duplicate.at,
      message: `The key "${String(duplicate.path[duplicate.path.length - 1])}" appears again; the service keeps this later value.`,
    }),
  );
  return { ok: true, source: parsed.source, diagnostics };
}
