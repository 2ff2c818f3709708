/**
 * `frontmatter-wrong-type` fixed by quoting: a value YAML reads as a number, a boolean, a date or
 * null where the service wants text (`description: 42`, `license: yes`) becomes the text the author
 * wrote, in single quotes. Only a plain value alone on its line, on the line of its key or dash,
 * without a comment, anchor, alias or tag, in a mapping that holds its key once; and only when the
 * quoted text reads back, by the service's YAML rules, as exactly the characters written.
 * @module
 */
import { isScalar, Scalar } from 'yaml';
import type { ProfileDiagnostic } from '../types';
import { endsItsLine, fileOffset, frontmatterOf, nodeAt, parseFrontmatter, serviceValue, yamlOffset } from './frontmatter-yaml';
import type { Fixer, FixProposal } from './text-edit';

/** Quotes `text` as a YAML single-quoted scalar. */
export function singleQuoted(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

function propose(text: string, d: ProfileDiagnostic): FixProposal {
  const fm = frontmatterOf(text);
  if (!fm) return { reason: 'the file has no front matter to edit' };
  const offset = yamlOffset(fm, d.line, d.column);
  if (offset === undefined) return { reason: 'the position is outside the front matter' };
  const parsed = parseFrontmatter(fm.yaml);
  if ('reason' in parsed) return parsed;
  const found = nodeAt(parsed.doc, offset);
  if ('reason' in found) return found;
  const { node, path } = found;
  if (found.isKey || !isScalar(node) || node.type !== Scalar.PLAIN || !node.range) return { reason: 'the value is not a plain scalar' };
  const [start, end] = node.range;
  const written = fm.yaml.slice(start, end);
  if (written.includes('\n')) return { reason: 'the value spans several lines' };
  const lineStart = fm.yaml.lastIndexOf('\n', start - 1) + 1;
  if (fm.yaml.slice(lineStart, start).trim() === '') return { reason: 'the value does not start on the line of its key' };
  if (!endsItsLine(fm.yaml, end)) return { reason: 'a comment or more text follows the value on its line' };
  const before = serviceValue(fm.yaml, path);
  if (!before || typeof before.value === 'string') return { reason: 'the service already reads the value as text' };
  const quoted = singleQuoted(written);
  const after = serviceValue(fm.yaml.slice(0, start) + quoted + fm.yaml.slice(end), path);
  if (after?.value !== written) return { reason: 'the quoted value would not read as the text written' };
  return {
    edit: { start: fileOffset(fm, start), end: fileOffset(fm, end), text: quoted },
    description: `quoted ${written} as ${quoted} so it reads as text`,
  };
}

/** The fixer of `frontmatter-wrong-type`. */
export const quoteScalarFixer: Fixer = { code: 'frontmatter-wrong-type', propose };
