/**
 * The lines a pull request changes, read from the output of `git diff --unified=0` (the
 * `--changed-lines <file>` option of `agentwire validate`), and the test of whether a finding is
 * on one of them: `--format github` annotates those findings only.
 * @module
 */
import { isInside, relativeToCwd } from './format-shared';

/** A range of lines of the new side of a diff, both ends included, counted from 1. */
export interface LineRange {
  first: number;
  last: number;
}

/**
 * The changed files of a diff by their path relative to the repository's root (`/` separators),
 * each with the line ranges the diff adds or replaces; a file the diff creates empty, or changes
 * only in mode, has no ranges. Deleted files are left out.
 */
export type ChangedLines = ReadonlyMap<string, readonly LineRange[]>;

const ESCAPES: Record<string, number> = { a: 7, b: 8, t: 9, n: 10, v: 11, f: 12, r: 13, '"': 34, '\\': 92 };

/**
 * A path as git prints it: as is, or in double quotes with C escapes (`\t`, `\"`, `\\`, and each
 * byte past ASCII as `\ooo` unless `core.quotePath` is off). Gives the path and the rest of the
 * text after it (for a quoted one), or undefined when a quoted path does not close.
 */
function readGitPath(text: string): { path: string; rest: string } | undefined {
  if (!text.startsWith('"')) return { path: text, rest: '' };
  const bytes: number[] = [];
  let at = 1;
  while (at < text.length) {
    const char = text[at] as string;
    if (char === '"') return { path: Buffer.from(bytes).toString('utf8'), rest: text.slice(at + 1) };
    if (char === '\\') {
      const next = text[at + 1] ?? '';
      const octal = /^[0-7]{3}/.exec(text.slice(at + 1));
      if (octal) {
        bytes.push(Number.parseInt(octal[0], 8));
        at += 4;
        continue;
      }
      const escaped = ESCAPES[next];
      if (escaped === undefined) return undefined;
      bytes.push(escaped);
      at += 2;
      continue;
    }
    const point = text.codePointAt(at) as number;
    bytes.push(...Buffer.from(String.fromCodePoint(point), 'utf8'));
    at += point > 0xffff ? 2 : 1;
  }
  return undefined;
}

/** `b/skills/x/SKILL.md` → `skills/x/SKILL.md`: a path of a `+++` line, or undefined for `/dev/null`. */
function newSidePath(text: string): string | undefined {
  if (text === '/dev/null') return undefined;
  const path = readGitPath(text)?.path;
  return path?.startsWith('b/') ? path.slice(2) : path;
}

/**
 * The path of a `diff --git a/<path> b/<path>` header when both sides name the same file (always so
 * without rename detection); undefined when it cannot be told apart (a rename, an odd name).
 */
function headerPath(rest: string): string | undefined {
  if (rest.startsWith('"')) {
    const first = readGitPath(rest);
    const second = first?.rest.startsWith(' ') ? readGitPath(first.rest.slice(1)) : undefined;
    if (!first || !second || !first.path.startsWith('a/') || !second.path.startsWith('b/')) return undefined;
    return first.path.slice(2) === second.path.slice(2) ? second.path.slice(2) : undefined;
  }
  const length = (rest.length - 5) / 2;
  if (!Number.isInteger(length) || length < 1) return undefined;
  const path = rest.slice(2, 2 + length);
  return rest === `a/${path} b/${path}` ? path : undefined;
}

const HUNK = /^@@ -\d+(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/;

/**
 * The changed lines of a unified diff of git (`git diff --unified=0 <base> HEAD`, with the
 * default `a/` and `b/` prefixes). Any amount of context is read correctly; hunk bodies are
 * counted through, so an added line that reads like a header (`+++ x`) stays a line of the file.
 */
export function parseChangedLines(diff: string): ChangedLines {
  const files = new Map<string, LineRange[]>();
  let current: string | undefined;
  let oldLeft = 0;
  let newLeft = 0;
  let newLine = 0;
  const add = (path: string | undefined) => {
    current = path;
    if (path !== undefined && !files.has(path)) files.set(path, []);
  };
  for (const line of diff.split('\n')) {
    if (oldLeft > 0 || newLeft > 0) {
      const kind = line[0];
      if (kind === '\\') continue;
      if (kind === '-' || kind === ' ') oldLeft--;
      if (kind === '+' || kind === ' ') {
        if (kind === '+' && current !== undefined) {
          const ranges = files.get(current) as LineRange[];
          const last = ranges.at(-1);
          if (last && last.last === newLine - 1) last.last = newLine;
          else ranges.push({ first: newLine, last: newLine });
        }
        newLine++;
        newLeft--;
      }
      continue;
    }
    if (line.startsWith('diff --git ')) {
      current = undefined;
      const path = headerPath(line.slice('diff --git '.length));
      if (path !== undefined) add(path);
    } else if (line.startsWith('deleted file mode')) {
      if (current !== undefined && (files.get(current)?.length ?? 0) === 0) files.delete(current);
      current = undefined;
    } else if (line.startsWith('+++ ')) {
      add(newSidePath(line.slice(4).replace(/\t$/, '')));
    } else {
      const hunk = HUNK.exec(line);
      if (hunk) {
        oldLeft = hunk[1] === undefined ? 1 : Number(hunk[1]);
        newLeft = hunk[3] === undefined ? 1 : Number(hunk[3]);
        newLine = Number(hunk[2]);
      }
    }
  }
  return files;
}

/**
 * Whether a finding at `file` (as the report gives it), `line` and `column` is one to annotate:
 * on a changed line, or about a whole file (1:1) the diff changes. A folder counts as changed
 * when a file in it is. Paths of the diff are taken as relative to `root`.
 */
export function onChangedLine(changed: ChangedLines, root: string, file: string, line: number, column: number): boolean {
  if (!isInside(file, root)) return false;
  const path = relativeToCwd(file, root);
  const ranges = changed.get(path);
  if (ranges === undefined) {
    if (line !== 1 || column !== 1) return false;
    for (const changedPath of changed.keys()) if (changedPath.startsWith(`${path}/`) || path === '') return true;
    return false;
  }
  if (line === 1 && column === 1) return true;
  return ranges.some((range) => range.first <= line && line <= range.last);
}
