/**
 * One rule of `agentwire validate` for a terminal: the page `agentwire rules <rule>` and
 * `agentwire validate --explain <rule>` print, and the lookup of a rule by code.
 * @module
 */
import { suggest } from '../internal/did-you-mean';
import { type CatalogRule, findRule, ruleCatalog } from '../validate/index';
import type { Styles } from './color';
import { UsageError } from './io';
import { printable, severityLabel } from './report-text';
import { ruleDocPath } from './validate-output/rule-doc-path';

/** The rule whose code is `code`; an unknown code is a usage error that names the closest one. */
export function ruleOrUsageError(code: string): CatalogRule {
  const rule = findRule(code);
  if (rule) return rule;
  const close = suggest(
    code,
    ruleCatalog().map((candidate) => candidate.code),
  );
  throw new UsageError(
    `no rule is named ${printable(code, 80)}${close === undefined ? '' : ` (did you mean ${close}?)`}: agentwire rules lists them`,
  );
}

/** One rule's page for a terminal. */
export function formatRulePage(rule: CatalogRule, styles: Styles): string {
  const indent = (text: string) =>
    text
      .split('\n')
      .map((line) => `  ${printable(line)}`)
      .join('\n');
  const lines = [
    `${styles.bold(rule.code)}  ${severityLabel(rule.severity, styles).trimEnd()}, raised by ${rule.profiles.join(', ')}`,
    '',
    `${rule.title}.`,
    '',
    rule.description,
    '',
    styles.bold('How to fix it'),
    indent(rule.hint),
  ];
  if (rule.example !== undefined) lines.push('', styles.bold('Example'), indent(rule.example));
  lines.push(
    '',
    styles.bold('Turning it off'),
    `  agentwire validate --rule ${rule.code}:off, or "rules": { "${rule.code}": "off" } in agentwire.config.json;`,
    `  for one place: <!-- agentwire-disable-next-line ${rule.code} -- why -->`,
    '',
    styles.dim(ruleDocPath(rule)),
  );
  return `${lines.join('\n')}\n`;
}
