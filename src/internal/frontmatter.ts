/**
 * Front matter split the way the service splits it (the Python `frontmatter` package over a file
 * read in text mode): line endings normalized to `\n`, surrounding whitespace stripped, then a
 * block between two lines of three or more dashes at the very start. Anything else, including a
 * byte-order mark or `---js`, means "no front matter": the whole file is the body. Nothing here
 * evaluates anything. Edge-safe.
 * @module
 */

import { isPythonSpace } from './python/text';

/** A file split into front matter and body, with offsets into the normalized text. */
export interface FrontmatterSplit {
  /** The text with `\r\n` and `\r` turned into `\n` (what the service reads). */
  text: string;
  /** The YAML between the delimiters, or `undefined` when the service sees no YAML front matter. */
  yaml: string | undefined;
  /**
   * JSON front matter: python-frontmatter's JSON handler takes a file whose first line is `{` (or
   * `}`) and reads `{` + the text up to the next line that is `{` or `}` + `}` as JSON. The text
   * to parse (its first line is the file's line {@link yamlLine}); `undefined` for YAML or none.
   */
  json?: string;
  /** The line of `text` the YAML (or JSON) starts on (the line of the opening delimiter). */
  yamlLine: number;
  /** The body as the service keeps it (stripped of surrounding whitespace). */
  body: string;
  /** The line of `text` the body starts on. */
  bodyLine: number;
  /**
   * Why front matter the author probably meant was not seen: `bom` (a byte-order mark before the
   * opening `---`), `language` (`---js`, `---yaml` and the like), or `unclosed` (no closing `---`).
   */
  missed?: 'bom' | 'language' | 'unclosed';
  /** The language named after the opening dashes, for `missed: 'language'`. */
  language?: string;
}

/** Where Python's `^-{3,}\s*$` (multiline) matches at `start`, as the end offset; -1 when it does not. */
function boundaryEnd(text: string, start: number): number {
  let at = start;
  while (text[at] === '-') at++;
  if (at - start < 3) return -1;
  // `\s*` is greedy and may run over newlines; the match ends at the last place `$` holds.
  let end = -1;
  for (let i = at; ; i++) {
    if (i === text.length || text[i] === '\n') end = i;
    if (i === text.length || !isPythonSpace(text[i])) break;
  }
  return end;
}

function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

/** Splits a file's text into front matter and body as the service does. */
export function splitFrontmatter(raw: string): FrontmatterSplit {
  const text = raw.includes('\r') ? raw.replace(/\r\n?/g, '\n') : raw;
  let first = 0;
  while (isPythonSpace(text[first])) first++;
  let last = text.length;
  while (last > first && isPythonSpace(text[last - 1])) last--;
  const stripped = text.slice(first, last);
  const none = (missed?: FrontmatterSplit['missed'], language?: string): FrontmatterSplit => ({
    text,
    yaml: undefined,
    yamlLine: 0,
    body: stripped,
    bodyLine: lineOf(text, first),
    ...(missed ? { missed } : {}),
    ...(language ? { language } : {}),
  });

  const open = boundaryEnd(stripped, 0);
  if (open === -1 && /^[{}](?:\n|$)/.test(stripped)) {
    // python-frontmatter's JSONHandler: `FM_BOUNDARY.split(text, 2)` on `^(?:{|})$` lines; with
    // fewer than two such lines the unpacking fails and the whole text is the body.
    const boundaries = [...stripped.matchAll(/^[{}]$/gm)].slice(0, 2);
    const second = boundaries[1];
    if (!second) return none();
    let bodyStart = second.index + 1;
    while (isPythonSpace(stripped[bodyStart])) bodyStart++;
    return {
      text,
      yaml: undefined,
      json: `{${stripped.slice(1, second.index)}}`,
      yamlLine: lineOf(text, first),
      body: stripped.slice(bodyStart),
      bodyLine: lineOf(text, first + bodyStart),
    };
  }
  if (open === -1) {
    if (stripped.startsWith('\ufeff') && boundaryEnd(stripped, 1) !== -1) return none('bom');
    const language = /^-{3,}[ \t]*([A-Za-z][\w-]*)[ \t]*(?:\n|$)/.exec(stripped)?.[1];
    return language ? none('language', language) : none();
  }
  // The closing delimiter: the next line that is a boundary.
  let close = -1;
  let closeEnd = -1;
  for (let lineStart = stripped.indexOf('\n', open) + 1; lineStart > 0; lineStart = stripped.indexOf('\n', lineStart) + 1) {
    const end = boundaryEnd(stripped, lineStart);
    if (end !== -1) {
      close = lineStart;
      closeEnd = end;
      break;
    }
  }
  if (close === -1) return none('unclosed');
  let bodyStart = closeEnd;
  while (isPythonSpace(stripped[bodyStart])) bodyStart++;
  return {
    text,
    yaml: stripped.slice(open, close),
    yamlLine: lineOf(text, first + open),
    body: stripped.slice(bodyStart),
    bodyLine: lineOf(text, first + bodyStart),
  };
}
