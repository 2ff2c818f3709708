/**
 * Glob patterns over relative paths with `/` separators, for `ignore` lists and per-path settings:
 * `*`, `?`, `**`, `{a,b}` and `[abc]`. Node 20 has no stable glob matcher (`path.matchesGlob` is
 * Node 22), and a dependency for this much is not worth its weight.
 * @module
 */

/**
 * Compiles a glob to a regular expression over a relative path with `/` separators:
 *
 * - `*` matches any characters but `/` (names that start with a dot too); `?` one such character;
 * - `**` as a whole segment matches any number of segments, none included (`**` elsewhere is `*`);
 * - `{a,b}` matches either alternative (they nest); `[abc]`, `[a-z]`, `[!abc]` one character of a set;
 * - `\` makes the next character literal; every other character matches itself.
 *
 * A leading `./` or `/` and a trailing `/` are dropped. A pattern that matches a folder matches
 * everything under it too: `fixtures` and `fixtures/` cover `fixtures/a/SKILL.md`.
 */
export function globToRegExp(pattern: string): RegExp {
  const trimmed = pattern.replace(/^(?:\.\/|\/)+/, '').replace(/\/+$/, '');
  return new RegExp(`^(?:${translate(trimmed)})(?:/.*)?$`, 'u');
}

/** Whether `path` (relative, `/` separators) matches `pattern` ({@link globToRegExp}). */
export function matchesGlob(path: string, pattern: string): boolean {
  return globToRegExp(pattern).test(path);
}

/** Compiles several globs into one test: whether a path matches any of them. */
export function globMatcher(patterns: readonly string[]): (path: string) => boolean {
  const compiled = patterns.map(globToRegExp);
  return (path) => compiled.some((regex) => regex.test(path));
}

const SPECIAL = /[.*+?^${}()|[\]\\/]/g;
const literal = (text: string) => text.replace(SPECIAL, '\\$&');

function translate(pattern: string): string {
  let out = '';
  let at = 0;
  while (at < pattern.length) {
    const char = pattern[at] as string;
    if (char === '*' && pattern[at + 1] === '*' && isSegmentStart(pattern, at) && isSegmentEnd(pattern, at + 2)) {
      // `**` as a whole segment: any number of segments. With its slash, `**/` may match nothing.
      if (pattern[at + 2] === '/') {
        out += '(?:.*/)?';
        at += 3;
      } else {
        out += '.*';
        at += 2;
      }
      continue;
    }
    if (char === '*') {
      while (pattern[at] === '*') at++;
      out += '[^/]*';
      continue;
    }
    if (char === '?') {
      out += '[^/]';
      at++;
      continue;
    }
    if (char === '\\' && at + 1 < pattern.length) {
      out += literal(pattern[at + 1] as string);
      at += 2;
      continue;
    }
    if (char === '[') {
      const end = classEnd(pattern, at);
      if (end > 0) {
        out += characterClass(pattern.slice(at + 1, end));
        at = end + 1;
        continue;
      }
    }
    if (char === '{') {
      const alternatives = braceAlternatives(pattern, at);
      if (alternatives) {
        out += `(?:${alternatives.parts.map(translate).join('|')})`;
        at = alternatives.end + 1;
        continue;
      }
    }
    out += literal(char);
    at++;
  }
  return out;
}

function isSegmentStart(pattern: string, at: number): boolean {
  return at === 0 || pattern[at - 1] === '/';
}

function isSegmentEnd(pattern: string, at: number): boolean {
  return at === pattern.length || pattern[at] === '/';
}

/** The index of the `]` that closes the class opened at `at`, or -1 when none does. */
function classEnd(pattern: string, at: number): number {
  let index = at + 1;
  if (pattern[index] === '!' || pattern[index] === '^') index++;
  if (pattern[index] === ']') index++;
  while (index < pattern.length && pattern[index] !== ']') {
    if (pattern[index] === '/') return -1;
    index++;
  }
  return index < pattern.length ? index : -1;
}

function characterClass(body: string): string {
  const negated = body.startsWith('!') || body.startsWith('^');
  const members = (negated ? body.slice(1) : body).replace(/[\\\]^[]/g, '\\$&');
  return negated ? `[^/${members}]` : `[${members}]`;
}

/** The top-level alternatives of the braces opened at `at` and where they close, or `undefined` when they are not a group. */
function braceAlternatives(pattern: string, at: number): { parts: string[]; end: number } | undefined {
  let depth = 0;
  let start = at + 1;
  const parts: string[] = [];
  for (let index = at; index < pattern.length; index++) {
    const char = pattern[index];
    if (char === '\\') {
      index++;
    } else if (char === '{') {
      depth++;
    } else if (char === '}') {
      depth--;
      if (depth === 0) {
        parts.push(pattern.slice(start, index));
        return parts.length > 1 ? { parts, end: index } : undefined;
      }
    } else if (char === ',' && depth === 1) {
      parts.push(pattern.slice(start, index));
      start = index + 1;
    }
  }
  return undefined;
}
