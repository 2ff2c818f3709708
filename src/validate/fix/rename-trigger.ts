/**
 * `trigger:` (which the service ignores, `frontmatter-ignored-key`) renamed `triggers:`. A list of
 * texts keeps its items; a single text on the key's line becomes a one-item list (a text with a
 * comma is left alone: it may mean several keywords). Never when `triggers` is there too, the key
 * is written twice, or the front matter uses anchors, aliases, merge keys or tags; the edited front
 * matter must read, by the service's YAML rules, as the same keywords under `triggers`.
 * @module
 */
import { isScalar, isSeq, Scalar } from 'yaml';
import type { ProfileDiagnostic } from '../types';
import { endsItsLine, fileOffset, frontmatterOf, nodeAt, parseFrontmatter, serviceValue, yamlOffset } from './frontmatter-yaml';
import { type Fixer, type FixProposal, lineAt } from './text-edit';

function isTextList(value: unknown): value is string[] {
  return Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === 'string' && item !== '');
}

function propose(text: string, d: ProfileDiagnostic): FixProposal {
  if (!d.message.includes('`trigger`')) return { reason: 'only `trigger` is renamed' };
  const fm = frontmatterOf(text);
  if (!fm) return { reason: 'the file has no front matter to edit' };
  const offset = yamlOffset(fm, d.line, d.column);
  if (offset === undefined) return { reason: 'the position is outside the front matter' };
  const parsed = parseFrontmatter(fm.yaml);
  if ('reason' in parsed) return parsed;
  const found = nodeAt(parsed.doc, offset);
  if ('reason' in found) return found;
  const { node, path } = found;
  if (!found.isKey || path.length !== 1 || !isScalar(node) || node.type !== Scalar.PLAIN || !node.range) {
    return { reason: 'the key is not a plain top-level `trigger`' };
  }
  const top = serviceValue(fm.yaml, []);
  if (!top || top.value === null || typeof top.value !== 'object' || Object.hasOwn(top.value, 'triggers')) {
    return { reason: 'the front matter already has `triggers`' };
  }
  const value = (serviceValue(fm.yaml, ['trigger']) as { value: unknown }).value;
  const pair = (parsed.doc.contents as { items: { key: unknown; value: unknown }[] }).items.find((item) => item.key === node);
  const valueNode = pair?.value;
  const [keyStart, keyEnd] = node.range;
  let start = keyStart;
  let end = keyEnd;
  let replacement = 'triggers';
  let keywords: string[];
  if (isSeq(valueNode) && isTextList(value)) {
    keywords = value;
  } else if (isScalar(valueNode) && valueNode.range && typeof value === 'string' && value.trim() !== '') {
    const [valueStart, valueEnd] = valueNode.range;
    const written = fm.yaml.slice(valueStart, valueEnd);
    if (written.includes('\n') || fm.yaml.slice(keyEnd, valueStart).includes('\n')) return { reason: 'the value spans several lines' };
    if (!endsItsLine(fm.yaml, valueEnd)) return { reason: 'a comment or more text follows the value on its line' };
    if (value.includes(',')) return { reason: 'the text holds a comma: it may mean several keywords' };
    const lineEnd = lineAt(text, fm.starts, d.line)?.end || '\n';
    end = valueEnd;
    replacement = `triggers:${lineEnd}  - ${written}`;
    keywords = [value];
  } else {
    return { reason: 'the value is not a text or a list of texts' };
  }
  const edited = fm.yaml.slice(0, start) + replacement.replace(/\r\n?/g, '\n') + fm.yaml.slice(end);
  const after = serviceValue(edited, []);
  const triggers = after && typeof after.value === 'object' && after.value !== null ? (after.value as Record<string, unknown>) : {};
  if (Object.hasOwn(triggers, 'trigger') || JSON.stringify(triggers.triggers) !== JSON.stringify(keywords)) {
    return { reason: 'the edited front matter would not read as the same keywords' };
  }
  start = fileOffset(fm, start);
  return {
    edit: { start, end: fileOffset(fm, end), text: replacement },
    description: `renamed \`trigger\` to \`triggers\` (${keywords.length === 1 ? 'one keyword' : `${keywords.length} keywords`})`,
  };
}

/** The fixer of `frontmatter-ignored-key` for `trigger`. */
export const renameTriggerFixer: Fixer = { code: 'frontmatter-ignored-key', propose };
