/**
 * The YAML front matter of a file as the fixers need it: the lines between the delimiters, parsed
 * with the `yaml` package as the engine's reader parses them (YAML 1.1), the node a diagnostic
 * points at with its path, and the constructs a fix never touches (anchors, aliases, merge keys,
 * tags, a key written twice).
 * @module
 */
import { isAlias, isMap, isPair, isScalar, isSeq, type Node, parseDocument, visit } from 'yaml';
import { parseYamlSource, type YamlPath } from '../../internal/yaml-source';
import { lineAt, lineStarts } from './text-edit';

/** The front matter of a file. */
export interface FrontmatterYaml {
  /** The YAML text: the lines between the delimiters joined with `\n`. */
  yaml: string;
  /** The file line of the first YAML line. */
  firstLine: number;
  /** Where each file line starts in the file's text. */
  starts: number[];
  /** The file's text. */
  text: string;
}

/** A node of the front matter with its path from the top. */
export interface LocatedNode {
  node: Node;
  path: YamlPath;
  /** For a mapping value or key: the key node. */
  key?: Node;
  /** The node is the key itself. */
  isKey: boolean;
}

const BOUNDARY = /^-{3,}\s*$/;

/** The front matter of `text`, or `undefined` when it has none (or a line of it holds a lone `\r`, which would move lines). */
export function frontmatterOf(text: string): FrontmatterYaml | undefined {
  const starts = lineStarts(text);
  let open = 1;
  while (open <= starts.length && (lineAt(text, starts, open)?.text ?? '').trim() === '') open++;
  if (!BOUNDARY.test(lineAt(text, starts, open)?.text ?? '')) return undefined;
  const lines: string[] = [];
  for (let line = open + 1; line <= starts.length; line++) {
    const current = lineAt(text, starts, line);
    if (!current) break;
    if (BOUNDARY.test(current.text)) return { yaml: lines.join('\n'), firstLine: open + 1, starts, text };
    lines.push(current.text);
  }
  return undefined;
}

/** The offset in `fm.yaml` of a file line and column, or `undefined` outside the front matter. */
export function yamlOffset(fm: FrontmatterYaml, line: number, column: number): number | undefined {
  const lines = fm.yaml.split('\n');
  const index = line - fm.firstLine;
  if (index < 0 || index >= lines.length || column < 1 || column - 1 > (lines[index] as string).length) return undefined;
  let offset = 0;
  for (let i = 0; i < index; i++) offset += (lines[i] as string).length + 1;
  return offset + column - 1;
}

/** The offset in the file's text of an offset in `fm.yaml`. */
export function fileOffset(fm: FrontmatterYaml, offset: number): number {
  const before = fm.yaml.slice(0, offset);
  const line = before.split('\n').length - 1;
  const column = offset - (before.lastIndexOf('\n') + 1);
  return (fm.starts[fm.firstLine - 1 + line] as number) + column;
}

/** The parsed front matter, or why a fix will not touch it. */
export function parseFrontmatter(yaml: string): { doc: ReturnType<typeof parseDocument> } | { reason: string } {
  const doc = parseDocument(yaml, { version: '1.1', uniqueKeys: false });
  if (doc.errors.length > 0) return { reason: 'the front matter is not valid YAML' };
  let unsafe: string | undefined;
  visit(doc, {
    Alias() {
      unsafe = 'the front matter uses aliases';
      return visit.BREAK;
    },
    Pair(_, pair) {
      if (isScalar(pair.key) && pair.key.value === '<<') {
        unsafe = 'the front matter uses merge keys';
        return visit.BREAK;
      }
    },
    Node(_, node) {
      if (node.anchor) {
        unsafe = 'the front matter uses anchors';
        return visit.BREAK;
      }
      if (node.tag && !isAlias(node)) {
        unsafe = 'the front matter uses tags';
        return visit.BREAK;
      }
    },
  });
  return unsafe ? { reason: unsafe } : { doc };
}

/** The node of the document that starts at `offset` (a value, or a key with `isKey`), with its path. */
export function nodeAt(doc: ReturnType<typeof parseDocument>, offset: number): LocatedNode | { reason: string } {
  const walk = (node: unknown, path: (string | number)[]): LocatedNode | { reason: string } | undefined => {
    if (isMap(node)) {
      const keys = new Map<string, number>();
      for (const pair of node.items) {
        if (!isScalar(pair.key) || typeof pair.key.value !== 'string') return { reason: 'a key of the front matter is not plain text' };
        keys.set(pair.key.value, (keys.get(pair.key.value) ?? 0) + 1);
      }
      for (const pair of node.items) {
        const key = pair.key as Node;
        const name = (pair.key as { value: string }).value;
        const inside = within(key, offset) || within(pair.value as Node | null, offset);
        if (!inside) continue;
        if ((keys.get(name) ?? 0) > 1) return { reason: `the key \`${name}\` is written more than once` };
        if (key.range?.[0] === offset) return { node: key, path: [...path, name], key, isKey: true };
        const value = pair.value as Node | null;
        if (value?.range?.[0] === offset) return { node: value, path: [...path, name], key, isKey: false };
        return walk(value, [...path, name]);
      }
      return undefined;
    }
    if (isSeq(node)) {
      for (const [index, item] of node.items.entries()) {
        if (isPair(item) || !within(item as Node, offset)) continue;
        if ((item as Node).range?.[0] === offset) return { node: item as Node, path: [...path, index], isKey: false };
        return walk(item, [...path, index]);
      }
    }
    return undefined;
  };
  return walk(doc.contents, []) ?? { reason: 'no value of the front matter starts at this position' };
}

function within(node: Node | null | undefined, offset: number): boolean {
  const range = node?.range;
  return range !== undefined && range !== null && range[0] <= offset && offset < Math.max(range[1], range[0] + 1);
}

/** The value at `path` as the service reads it (PyYAML rules), or `undefined` when the text does not read. */
export function serviceValue(yaml: string, path: YamlPath): { value: unknown } | undefined {
  const parsed = parseYamlSource(yaml, 1, { pyyaml: true });
  if (!parsed.ok) return undefined;
  let value: unknown = parsed.source.value;
  for (const step of path) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, step)) return { value: undefined };
    value = (value as Record<string | number, unknown>)[step];
  }
  return { value };
}

/** Whether the text after `end` on its line is only white space (no comment), and no deeper-indented line continues it. */
export function endsItsLine(yaml: string, end: number): boolean {
  const lineEnd = yaml.indexOf('\n', end);
  const rest = yaml.slice(end, lineEnd === -1 ? yaml.length : lineEnd);
  if (rest.trim() !== '') return false;
  if (lineEnd === -1) return true;
  const lineStart = yaml.lastIndexOf('\n', end - 1) + 1;
  const indent = /^ */.exec(yaml.slice(lineStart))?.[0].length ?? 0;
  for (const next of yaml.slice(lineEnd + 1).split('\n')) {
    if (next.trim() === '') continue;
    return (/^ */.exec(next)?.[0].length ?? 0) <= indent;
  }
  return true;
}
