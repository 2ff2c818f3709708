/**
 * JSON front matter read as python-frontmatter's JSON handler reads it (`json.loads` of the text
 * between a first line `{` and the next line that is `{` or `}`), given the same interface as
 * YAML front matter so the field readers need not care. Python's `json.loads` rules come from
 * `python/json.ts`. Edge-safe.
 * @module
 */
import type { Position } from './diagnostic';
import { parseJsonSource } from './python/json';
import { pythonStr } from './python/repr';
import type { YamlPath, YamlSource } from './yaml-source';

/** Why JSON front matter fails in the service: `JSONDecodeError`, or a `TypeError` from `Post(**metadata)`. */
export interface JsonFrontmatterError {
  type: 'JSONDecodeError' | 'TypeError';
  message: string;
  at: Position;
}

/** The result of {@link parseJsonFrontmatter}. */
export type JsonFrontmatterResult = { ok: true; source: YamlSource } | { ok: false; error: JsonFrontmatterError };

/** Parses JSON front matter whose first line (the `{`) is the file's line `firstLine`. */
export function parseJsonFrontmatter(text: string, firstLine: number): JsonFrontmatterResult {
  const shift = (at: Position): Position => ({ line: at.line + firstLine - 1, column: at.column });
  const parsed = parseJsonSource(text);
  if (!parsed.ok) {
    const { message, line, column } = parsed.error;
    return { ok: false, error: { type: 'JSONDecodeError', message, at: shift({ line, column }) } };
  }
  const { source } = parsed;
  const value = source.value as Record<string, unknown>;
  // The keys become keyword arguments of Post(content, handler, **metadata).
  for (const key of ['content', 'handler']) {
    if (Object.hasOwn(value, key)) {
      const message = `Post.__init__() got multiple values for argument '${key}'`;
      return { ok: false, error: { type: 'TypeError', message, at: shift(source.locate([key], 'key')) } };
    }
  }
  const valueAt = (path: YamlPath): unknown => {
    let current: unknown = value;
    for (const step of path) {
      if (current === null || typeof current !== 'object' || !Object.hasOwn(current, step)) return undefined;
      current = (current as Record<string | number, unknown>)[step];
    }
    return current;
  };
  return {
    ok: true,
    source: {
      value,
      locate: (path, part) => shift(source.locate(path, part)),
      pythonStr: (path) => pythonStr(valueAt(path)),
    },
  };
}
