/**
 * The generated parts of docs/validate.md: the rule reference (every rule of the catalog, with
 * what it means, the profiles that raise it, an example and the fix) and samples of each output
 * format, printed by the formatters themselves. `npm run docs:rules` writes them between their
 * markers; a test fails when the file differs from a fresh generation.
 * @module
 */

import { type CatalogRule, type RuleArea, ruleAreas, ruleCatalog } from '../../validate/index';
import { fenced, fillBlocks } from '../doc-blocks';
import { SAMPLE_BLOCKS } from './rule-docs-samples';

/** Backslash-escapes what Markdown would read as markup (outside code spans); `|` too in a table. */
export function markdownInline(text: string, inTable = false): string {
  const parts = text.split(/(`[^`\n]+`)/);
  return parts
    .map((part, at) => {
      if (at % 2 === 1) return inTable ? part.replace(/\|/g, '\\|') : part;
      const escaped = part
        .replace(/[\\*[\]~]/g, (char) => `\\${char}`)
        // An underscore inside a word is never emphasis (GitHub Flavored Markdown); others are escaped.
        .replace(/(?<![\p{L}\p{N}])_|_(?![\p{L}\p{N}])/gu, '\\_')
        .replace(/</g, '&lt;')
        .replace(/>/g, '&gt;');
      return inTable ? escaped.replace(/\|/g, '\\|') : escaped;
    })
    .join('');
}

/** The anchor GitHub gives a heading: lowercase, punctuation but `-` and `_` removed, spaces as `-`. */
export function headingSlug(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The language of an example: JSON, YAML front matter, or plain text. */
const exampleLanguage = (example: string) => (/^\s*[[{]/.test(example) ? 'json' : /^[\w-]+: /.test(example) ? 'yaml' : 'text');

const sentence = (text: string) => (/[.!?:]$/.test(text) ? text : `${text}.`);
const profileList = (rule: CatalogRule) => rule.profiles.map((profile) => `\`${profile}\``).join(', ');

function ruleEntry(rule: CatalogRule): string {
  const lines = [
    `#### \`${rule.code}\``,
    '',
    `**${markdownInline(sentence(rule.title))}** Severity: ${rule.severity}. Raised by: ${profileList(rule)}.`,
    '',
    markdownInline(rule.description),
  ];
  if (rule.example !== undefined) lines.push('', 'Example:', '', fenced(rule.example, exampleLanguage(rule.example)));
  lines.push('', `How to fix it: ${markdownInline(rule.hint)}`);
  return lines.join('\n');
}

function areaSection(area: RuleArea, rules: readonly CatalogRule[]): string {
  const table = [
    '| Code | Severity | Profiles | What it finds |',
    '|---|---|---|---|',
    ...rules.map(
      (rule) =>
        `| [\`${rule.code}\`](#${headingSlug(rule.code)}) | ${rule.severity} | ${profileList(rule)} | ${markdownInline(rule.title, true)} |`,
    ),
  ];
  return [`### ${area.title}`, '', area.summary, '', ...table, '', ...rules.map(ruleEntry).flatMap((entry) => [entry, ''])]
    .join('\n')
    .trimEnd();
}

/** The rule reference: one section per area, each with a table of its rules and an entry per rule. */
export function renderRuleReference(catalog: readonly CatalogRule[] = ruleCatalog()): string {
  const sections = ruleAreas()
    .map((area) => [area, catalog.filter((rule) => rule.area === area.id)] as const)
    .filter(([, rules]) => rules.length > 0)
    .map(([area, rules]) => areaSection(area, rules));
  const total = `${catalog.length} rules in all.`;
  return [total, ...sections].join('\n\n');
}

/** The generated blocks of docs/validate.md, by name. */
export function generatedBlocks(): Record<string, string> {
  const samples = Object.fromEntries(Object.entries(SAMPLE_BLOCKS).map(([name, [text, language]]) => [name, fenced(text(), language)]));
  return { ...samples, rules: renderRuleReference() };
}

/**
 * `markdown` with every `<!-- generated:NAME -->` … `<!-- /generated:NAME -->` block filled with
 * the block of that name. Throws when a block is unknown or a known one is missing, so the
 * markers cannot silently go stale.
 */
export function fillGeneratedBlocks(markdown: string, blocks: Record<string, string> = generatedBlocks()): string {
  return fillBlocks(markdown, blocks, 'docs/validate.md');
}
