/**
 * YAML read the way the Agent Skills reference validator reads front matter (strictyaml): every
 * scalar is the string written, and flow collections, anchors, aliases, tags and duplicate keys
 * are refused. Parsed once with the `yaml` package's failsafe schema, keeping where every key and
 * value starts; nothing is expanded or evaluated.
 * @module
 */
import { isAlias, isMap, isPair, isScalar, isSeq, LineCounter, type Node, parseDocument } from 'yaml';
import type { Position } from '../../internal/diagnostic';

/** A value as strictyaml sees it: a string, a mapping or a list (or an alias, which it refuses). */
export type StrictNode =
  | { kind: 'string'; value: string; at: Position; empty: boolean }
  | { kind: 'map'; entries: StrictEntry[]; at: Position }
  | { kind: 'list'; items: StrictNode[]; at: Position }
  | { kind: 'alias'; at: Position };

/** One key of a mapping. */
export interface StrictEntry {
  key: string;
  keyAt: Position;
  value: StrictNode;
}

/** A construct strictyaml refuses, and where it is. */
export interface StrictYamlIssue {
  kind: 'flow' | 'anchor' | 'alias' | 'tag' | 'duplicate';
  at: Position;
  /** The text at fault: the anchor, the tag, the key. */
  text: string;
}

/** The result of {@link parseStrictYaml}. */
export type StrictYamlResult =
  | { ok: true; root: StrictNode | undefined; issues: StrictYamlIssue[] }
  | { ok: false; message: string; at: Position };

// A tag or anchor token, optionally followed by the other one, then the whitespace before the node.
const TAG_BEFORE = /(![^\s,[\]{}]*)\s+(?:&[^\s,[\]{}]+\s+)?$/;
const ANCHOR_BEFORE = /(&[^\s,[\]{}]+)\s+(?:![^\s,[\]{}]*\s+)?$/;

/** Collections nested deeper than this are not looked into. */
const MAX_DEPTH = 64;

/**
 * Parses YAML text whose offsets are the file's (pad the text so offset 0 is the file's first
 * character): positions come out as file lines and columns. Never throws.
 */
export function parseStrictYaml(text: string): StrictYamlResult {
  const lines = new LineCounter();
  const position = (offset: number): Position => {
    const { line, col } = lines.linePos(offset);
    return { line, column: col };
  };
  const doc = parseDocument(text, { schema: 'failsafe', version: '1.2', uniqueKeys: false, lineCounter: lines, prettyErrors: false });
  const [error] = doc.errors;
  if (error) {
    const message = (error.message.split('\n')[0] as string).replace(/ at line \d+, column \d+:?$/, '');
    return { ok: false, message, at: position(error.pos[0]) };
  }
  const issues: StrictYamlIssue[] = [];
  /** Where the property (`&name`, `!tag`) written just before the node at `start` begins, and its text. */
  const propertyBefore = (start: number, pattern: RegExp): { at: Position; text: string } | undefined => {
    const match = pattern.exec(text.slice(Math.max(0, start - 1024), start));
    if (!match) return undefined;
    const offset = Math.max(0, start - 1024) + match.index;
    return { at: position(offset), text: match[1] as string };
  };
  const convert = (node: unknown, depth: number): StrictNode => {
    const start = (node as Node | null)?.range?.[0] ?? 0;
    if (isAlias(node)) {
      issues.push({ kind: 'alias', at: position(start), text: `*${node.source}` });
      return { kind: 'alias', at: position(start) };
    }
    const props = node as Node & { anchor?: string; tag?: string; flow?: boolean };
    if (props?.anchor) {
      const found = propertyBefore(start, ANCHOR_BEFORE);
      issues.push({ kind: 'anchor', at: found?.at ?? position(start), text: `&${props.anchor}` });
    }
    if (props?.tag) {
      const found = propertyBefore(start, TAG_BEFORE);
      issues.push({ kind: 'tag', at: found?.at ?? position(start), text: found?.text ?? props.tag });
    }
    if (isScalar(node)) {
      const value = node.value === null || node.value === undefined ? '' : String(node.value);
      const empty = node.range ? node.range[0] === node.range[1] : true;
      return { kind: 'string', value, at: position(start), empty };
    }
    if (props?.flow && (isMap(node) || isSeq(node))) issues.push({ kind: 'flow', at: position(start), text: text.charAt(start) });
    if (isSeq(node)) {
      const items = depth >= MAX_DEPTH ? [] : node.items.map((item) => convert(item, depth + 1));
      return { kind: 'list', items, at: position(start) };
    }
    if (isMap(node)) {
      const entries: StrictEntry[] = [];
      const seen = new Set<string>();
      for (const pair of depth >= MAX_DEPTH ? [] : node.items) {
        if (!isPair(pair)) continue;
        const keyNode = pair.key as Node | null;
        const keyStart = keyNode?.range?.[0] ?? start;
        const key = isScalar(keyNode) ? String(keyNode.value ?? '') : text.slice(keyStart, keyNode?.range?.[1] ?? keyStart);
        // A key is judged like a value (a flow key, an anchor or tag on a key), its text kept as the key.
        if (keyNode) convert(keyNode, depth + 1);
        const keyAt = position(keyStart);
        if (seen.has(key)) issues.push({ kind: 'duplicate', at: keyAt, text: key });
        seen.add(key);
        const value: StrictNode =
          pair.value === null || pair.value === undefined
            ? { kind: 'string', value: '', at: keyAt, empty: true }
            : convert(pair.value, depth + 1);
        entries.push({ key, keyAt, value });
      }
      return { kind: 'map', entries, at: position(start) };
    }
    return { kind: 'string', value: '', at: position(start), empty: true };
  };
  const root = doc.contents === null ? undefined : convert(doc.contents, 0);
  return { ok: true, root, issues };
}
