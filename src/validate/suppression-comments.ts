/**
 * Suppression comments in a Markdown file with its front matter: where they are, which rules they
 * name, and why. In the body an HTML comment, `<!-- agentwire-disable-next-line rule-id -- reason -->`;
 * in YAML front matter a YAML comment, `# agentwire-disable-next-line rule-id -- reason`. Comments
 * inside fenced code blocks are examples, not suppressions.
 * @module
 */
import { splitFrontmatter } from '../internal/frontmatter';

/**
 * What a comment covers: `next-line` the line after it, `line` its own line, `file` the whole
 * file.
 */
export type SuppressionScope = 'next-line' | 'line' | 'file';

/** One suppression comment. */
export interface SuppressionComment {
  scope: SuppressionScope;
  /** The line and column of the comment, from 1. */
  line: number;
  column: number;
  /** The rule ids it names, as written (none when it names none). */
  rules: string[];
  /** The text after ` -- `, trimmed; `undefined` when there is none. */
  reason: string | undefined;
}

const SCOPES: Record<string, SuppressionScope> = {
  'disable-next-line': 'next-line',
  'disable-line': 'line',
  disable: 'file',
};

/** The HTML comment form (one line), in a Markdown body. */
const HTML_COMMENT = /<!--\s*agentwire-(disable-next-line|disable-line|disable)(?=\s|-->)(.*?)-->/g;

/** The YAML comment form: a `#` at the start of a line or after whitespace. */
const YAML_COMMENT = /(?:^|\s)(#\s*agentwire-(disable-next-line|disable-line|disable)(?=\s|$)(.*))$/;

/** A fence line of CommonMark: up to three spaces, then three or more backticks or tildes. */
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

function comment(scope: string, payload: string, line: number, column: number): SuppressionComment {
  const [ids = '', ...rest] = payload.split(/(?:^|\s)--(?:\s|$)/);
  const reason = rest.length === 0 ? undefined : rest.join(' -- ').trim();
  const rules = ids
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '');
  return { scope: SCOPES[scope] as SuppressionScope, line, column, rules, reason: reason === '' ? undefined : reason };
}

/** Where each line of a file lies: in YAML front matter, in the body, or in neither (delimiters, JSON front matter). */
function regions(text: string): { yamlFrom: number; yamlTo: number; bodyFrom: number } {
  const split = splitFrontmatter(text);
  if (split.yaml !== undefined) {
    const closing = split.yamlLine + (split.yaml.match(/\n/g)?.length ?? 0);
    return { yamlFrom: split.yamlLine + 1, yamlTo: closing - 1, bodyFrom: closing + 1 };
  }
  if (split.json !== undefined) return { yamlFrom: 0, yamlTo: -1, bodyFrom: split.bodyLine };
  return { yamlFrom: 0, yamlTo: -1, bodyFrom: 1 };
}

/** Every suppression comment of a Markdown file (`text` with `\n` line ends), in file order. */
export function findSuppressionComments(text: string): SuppressionComment[] {
  const { yamlFrom, yamlTo, bodyFrom } = regions(text);
  const found: SuppressionComment[] = [];
  let fence: string | undefined;
  text.split('\n').forEach((content, at) => {
    const line = at + 1;
    if (line >= yamlFrom && line <= yamlTo) {
      const match = YAML_COMMENT.exec(content);
      if (match) found.push(comment(match[2] as string, match[3] as string, line, content.length - (match[1] as string).length + 1));
      return;
    }
    if (line < bodyFrom) return;
    const opened = FENCE.exec(content)?.[1];
    if (fence !== undefined) {
      if (opened && opened[0] === fence[0] && opened.length >= fence.length && content.trim() === opened) fence = undefined;
      return;
    }
    if (opened) {
      fence = opened;
      return;
    }
    for (const match of content.matchAll(HTML_COMMENT)) {
      found.push(comment(match[1] as string, match[2] as string, line, match.index + 1));
    }
  });
  return found;
}
